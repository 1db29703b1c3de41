import Foundation
import WaterfallCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every host of a batch resolved once, before any request, each to one address the
/// ``AddressPolicy`` allows, or to the reason it has none.
///
/// libcurl connects to the pinned address (`CURLOPT_RESOLVE`) and never resolves a name
/// again, so a name that answers differently on a second lookup (DNS rebinding) cannot lead a
/// fetch or a redirect to an address that was not checked.
struct HostPins: Sendable {
    private var pins: [String: Result<String, FetchFailure>]

    /// Resolves `hosts` (lower case, IPv6 addresses without brackets) at the same time, waiting at
    /// most `timeout` seconds in all for the names: a name not resolved by then could not be
    /// connected to in time.
    static func resolve(_ hosts: Set<String>, policy: AddressPolicy, timeout: Double) -> HostPins {
        // An address needs no lookup: checked here, at once.
        let numeric = hosts.filter { AddressClass.numericAddress($0) != nil }
        let results = Locked(Dictionary(uniqueKeysWithValues: numeric.map { ($0, pin($0, policy: policy)) }))
        let group = DispatchGroup()
        for host in hosts.subtracting(numeric) {
            group.enter()
            WorkerPool.start {
                let pin = pin(host, policy: policy)
                results.withLock { $0[host] = pin }
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + .nanoseconds(Int(min(max(timeout, 0.001), 1e6) * 1e9)))
        var pins = results.withLock { $0 }
        for host in hosts where pins[host] == nil { pins[host] = .failure(.connectTimedOut(timeout)) }
        return HostPins(pins: pins)
    }

    /// The address to connect to for `host`, or why there is none; a host that was not resolved
    /// with the batch has none.
    func address(for host: String) -> Result<String, FetchFailure> {
        pins[host] ?? .failure(.other("\(host) was not resolved before the fetch"))
    }

    /// The first allowed address of `host`, IPv4 first; else the reason none is allowed.
    private static func pin(_ host: String, policy: AddressPolicy) -> Result<String, FetchFailure> {
        let addresses = resolveAll(host)
        guard let first = addresses.first else { return .failure(.unknownHost(host)) }
        let allowed = addresses.filter { policy.refusal(of: $0) == nil }
        if let pinned = allowed.first(where: { !$0.contains(":") }) ?? allowed.first {
            return .success(pinned)
        }
        let kind = policy.refusal(of: first) ?? .linkLocal
        return .failure(.refusedAddress(host: host, address: first, kind))
    }

    /// Every address `host` resolves to, numeric, in the order the system gives, once each; a
    /// numeric host resolves to itself without a lookup.
    static func resolveAll(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let list else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            if let address = current.pointee.ai_addr,
                getnameinfo(
                    address, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0
            {
                let numeric = String(cString: text)
                if !addresses.contains(numeric) { addresses.append(numeric) }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}
