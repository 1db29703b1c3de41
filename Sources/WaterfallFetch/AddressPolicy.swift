#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The kinds of address a fetch may be refused to connect to.
public enum AddressClass: String, Sendable, Hashable, CaseIterable {
    /// `169.254.0.0/16`, `fe80::/10`: where cloud machines answer with their credentials.
    case linkLocal = "link-local"
    /// `127.0.0.0/8`, `::1`.
    case loopback
    /// `0.0.0.0/8`, `::`: connecting to it reaches this machine.
    case unspecified
    /// `10.0.0.0/8`, `172.16.0.0/12`, `192.168.0.0/16`, `fc00::/7`.
    case privateNetwork = "private-network"

    /// The class of a numeric IPv4 or IPv6 address (`169.254.1.1`, `::ffff:10.0.0.1`, `fe80::1`),
    /// `nil` for any other address and for text that is not a numeric address.
    ///
    /// An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is classed as the IPv4 address it stands for.
    public static func of(_ address: String) -> AddressClass? {
        // A scoped IPv6 address (`fe80::1%eth0`) is classed by its address.
        let unscoped = address.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return numericAddress(String(unscoped)).flatMap(of(bytes:))
    }

    /// The class of an address given as its 4 or 16 bytes in network order.
    static func of(bytes: [UInt8]) -> AddressClass? {
        if bytes.count == 4 { return ofIPv4(bytes) }
        guard bytes.count == 16 else { return nil }
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        if Array(bytes[0..<12]) == mapped { return ofIPv4(Array(bytes[12..<16])) }
        if bytes.dropLast().allSatisfy({ $0 == 0 }) {
            switch bytes[15] {
            case 0: return .unspecified
            case 1: return .loopback
            default: return nil
            }
        }
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return .linkLocal }
        if bytes[0] & 0xFE == 0xFC { return .privateNetwork }
        return nil
    }

    private static func ofIPv4(_ bytes: [UInt8]) -> AddressClass? {
        switch (bytes[0], bytes[1]) {
        case (169, 254): .linkLocal
        case (127, _): .loopback
        case (0, _): .unspecified
        case (10, _), (192, 168): .privateNetwork
        case (172, let second) where second & 0xF0 == 16: .privateNetwork
        default: nil
        }
    }

    /// The bytes of a numeric IPv4 (dotted quad) or IPv6 address, `nil` for anything else.
    static func numericAddress(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }

    /// `a link-local address`, as messages say it.
    var phrase: String {
        switch self {
        case .linkLocal: "a link-local address"
        case .loopback: "a loopback address"
        case .unspecified: "an unspecified address (this machine)"
        case .privateNetwork: "a private-network address"
        }
    }
}

/// Which addresses a fetch may connect to, checked on the address each host resolves to before
/// any connection is made.
///
/// Link-local addresses are refused unless allowed; loopback, unspecified and private-network
/// addresses are allowed unless denied (a CI job rendering specs from untrusted branches denies them).
public struct AddressPolicy: Sendable, Hashable {
    /// Whether `169.254.0.0/16` and `fe80::/10` may be reached (`--allow-link-local`).
    public var allowsLinkLocal: Bool
    /// Whether loopback, unspecified and private-network addresses are refused
    /// (`--deny-private-network`).
    public var deniesPrivateNetwork: Bool

    /// Creates a policy; by default link-local addresses are refused and private ones allowed.
    public init(allowsLinkLocal: Bool = false, deniesPrivateNetwork: Bool = false) {
        self.allowsLinkLocal = allowsLinkLocal
        self.deniesPrivateNetwork = deniesPrivateNetwork
    }

    /// The class that refuses `address` (numeric), or `nil` when it may be reached.
    public func refusal(of address: String) -> AddressClass? {
        switch AddressClass.of(address) {
        case nil: nil
        case .linkLocal: allowsLinkLocal ? nil : .linkLocal
        case let other?: deniesPrivateNetwork ? other : nil
        }
    }
}
