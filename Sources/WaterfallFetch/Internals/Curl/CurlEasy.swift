import CWaterfallCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request as libcurl is asked to make it: no redirect followed, http and https only, no
/// decompression, the proxy and the certificates given, never the process's environment.
struct CurlRequest {
    /// The URL, host in lower case.
    var url: String
    /// `host:port:address` entries that pin a name to the address checked for it.
    var resolve: [String] = []
    /// The proxy to go through; empty for none.
    var proxy = ""
    /// Seconds to connect (the TLS handshake included).
    var connectTimeout: Double
    /// Seconds for the whole request.
    var timeout: Double
    var userAgent: String
    /// Extra request headers (`Accept: image/png`).
    var headers: [String] = []
    var trust: TrustSettings
}

/// How one request ended in libcurl's terms, when it did not end well.
///
/// Its `CURLcode` and what libcurl knows besides; the fetcher turns it into a ``FetchFailure``.
struct CurlStatus {
    var code: CURLcode
    /// libcurl's error buffer (`SSL certificate problem: self-signed certificate`), else its words for the code.
    var message: String
    /// The last system error (`ECONNREFUSED`), or 0.
    var systemError: Int32
    /// The proxy's answer to CONNECT, or 0.
    var proxyStatus: Int
    /// Whether a connection (to the server or the proxy) was made.
    var connected: Bool
    /// Whether an HTTPS proxy's certificate was not accepted.
    var proxyCertificateRejected: Bool
}

/// A libcurl easy handle, reused for one request after another: its connections stay open between them.
///
/// Every libcurl call of the module is in this folder: this type, ``CurlGlobal`` and the failure
/// words in `CurlStatus+Failure.swift`.
final class CurlEasy {
    private let handle: UnsafeMutableRawPointer

    /// A new handle, or `nil` when libcurl cannot make one (out of memory, or not initialised).
    init?() {
        guard CurlGlobal.isReady, let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }

    /// What the callbacks of one request call back into.
    private final class Callbacks {
        let header: (String) -> Bool
        let body: (UnsafeRawBufferPointer) -> Bool
        let mayConnect: ([UInt8]) -> Bool

        init(
            header: @escaping (String) -> Bool, body: @escaping (UnsafeRawBufferPointer) -> Bool,
            mayConnect: @escaping ([UInt8]) -> Bool
        ) {
            self.header = header
            self.body = body
            self.mayConnect = mayConnect
        }
    }

    /// Makes `request`, blocking until it ends; `nil` when it ended well.
    ///
    /// - Parameters:
    ///   - header: Each header line as it arrives (the status line first); `false` stops the request.
    ///   - body: Each piece of the body; `false` stops the request.
    ///   - mayConnect: The 4 or 16 bytes of each address libcurl is about to connect to; `false`
    ///     refuses it (no socket is opened).
    func perform(
        _ request: CurlRequest, header: @escaping (String) -> Bool,
        body: @escaping (UnsafeRawBufferPointer) -> Bool, mayConnect: @escaping ([UInt8]) -> Bool
    ) -> CurlStatus? {
        let callbacks = Callbacks(header: header, body: body, mayConnect: mayConnect)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var lists: [UnsafeMutablePointer<curl_slist>] = []
        defer { for list in lists { curl_slist_free_all(list) } }
        let code: CURLcode = withExtendedLifetime(callbacks) {
            errorBuffer.withUnsafeMutableBufferPointer { buffer in
                let context = Unmanaged.passUnretained(callbacks).toOpaque()
                var status = configure(request, context: context, lists: &lists)
                if status == CURLE_OK {
                    status = wf_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
                }
                if status == CURLE_OK { status = curl_easy_perform(handle) }
                // The buffer and the callbacks live only as long as this call.
                _ = wf_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, nil)
                return status
            }
        }
        guard code != CURLE_OK else { return nil }
        var systemError = 0
        var proxyStatus = 0
        var connectTime: curl_off_t = 0
        _ = wf_curl_getinfo_long(handle, CURLINFO_OS_ERRNO, &systemError)
        _ = wf_curl_getinfo_long(handle, CURLINFO_HTTP_CONNECTCODE, &proxyStatus)
        _ = wf_curl_getinfo_off(handle, CURLINFO_CONNECT_TIME_T, &connectTime)
        var proxyVerification = 0
        _ = wf_curl_getinfo_long(handle, CURLINFO_PROXY_SSL_VERIFYRESULT, &proxyVerification)
        let message = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return CurlStatus(
            code: code, message: message.isEmpty ? String(cString: curl_easy_strerror(code)) : message,
            systemError: Int32(truncatingIfNeeded: systemError), proxyStatus: proxyStatus, connected: connectTime > 0,
            proxyCertificateRejected: proxyVerification != 0)
    }

    /// Sets every option of `request` on the handle.
    ///
    /// The first option libcurl refuses ends it. The lists it makes are added to `lists`, for
    /// the caller to free after the request.
    private func configure(
        _ request: CurlRequest, context: UnsafeMutableRawPointer, lists: inout [UnsafeMutablePointer<curl_slist>]
    ) -> CURLcode {
        func list(_ items: [String]) -> UnsafeMutablePointer<curl_slist>? {
            var list: UnsafeMutablePointer<curl_slist>?
            for item in items {
                guard let longer = curl_slist_append(list, item) else { break }
                list = longer
            }
            if let list { lists.append(list) }
            return list
        }
        let headers = list(request.headers)
        let resolve = list(request.resolve)
        let milliseconds = { (seconds: Double) in Int(min(max(seconds, 0.001), 1e6) * 1000) }
        let trust = request.trust
        let long: [(CURLoption, Int)] = [
            // Redirects are the fetcher's, each checked against its rule.
            (CURLOPT_FOLLOWLOCATION, 0),
            // The body as sent: nothing inflated if a server compresses without being asked.
            (CURLOPT_HTTP_CONTENT_DECODING, 0),
            (CURLOPT_NOSIGNAL, 1),
            (CURLOPT_CONNECTTIMEOUT_MS, milliseconds(request.connectTimeout)),
            (CURLOPT_TIMEOUT_MS, milliseconds(request.timeout)),
            // The proxy's answer to CONNECT is not the server's.
            (CURLOPT_SUPPRESS_CONNECT_HEADERS, 1),
            (CURLOPT_SSL_VERIFYPEER, 1),
            (CURLOPT_SSL_VERIFYHOST, 2),
        ]
        let strings: [(CURLoption, String?)] = [
            (CURLOPT_URL, request.url),
            (CURLOPT_PROTOCOLS_STR, "http,https"),
            (CURLOPT_REDIR_PROTOCOLS_STR, "http,https"),
            // No Accept-Encoding header.
            (CURLOPT_ACCEPT_ENCODING, nil),
            (CURLOPT_USERAGENT, request.userAgent),
            // Both set, always: libcurl would otherwise read http_proxy and no_proxy from the
            // process's environment; the fetcher has read its own and decided.
            (CURLOPT_PROXY, request.proxy),
            (CURLOPT_NOPROXY, ""),
            // An HTTPS proxy is trusted as the servers are: a company's proxy and its servers
            // usually share the company's certificate authority.
            (CURLOPT_CAPATH, trust.folder ?? CurlGlobal.builtInCertificateFolder),
            (CURLOPT_PROXY_CAPATH, trust.folder ?? CurlGlobal.builtInCertificateFolder),
        ]
        for (option, value) in long {
            let code = wf_curl_setopt_long(handle, option, value)
            guard code == CURLE_OK else { return code }
        }
        for (option, value) in strings {
            let code = wf_curl_setopt_string(handle, option, value)
            guard code == CURLE_OK else { return code }
        }
        let others: [CURLcode] = [
            wf_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headers),
            wf_curl_setopt_pointer(handle, CURLOPT_RESOLVE, resolve),
            wf_curl_setopt_write(handle, CURLOPT_HEADERFUNCTION, Self.headerCallback),
            wf_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context),
            wf_curl_setopt_write(handle, CURLOPT_WRITEFUNCTION, Self.writeCallback),
            wf_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context),
            wf_curl_setopt_opensocket(handle, Self.openSocketCallback),
            wf_curl_setopt_pointer(handle, CURLOPT_OPENSOCKETDATA, context),
        ]
        for (file, blob) in [(CURLOPT_CAINFO, CURLOPT_CAINFO_BLOB), (CURLOPT_PROXY_CAINFO, CURLOPT_PROXY_CAINFO_BLOB)] {
            let code =
                trust.certificates.map { certificates in
                    certificates.withUnsafeBytes { wf_curl_setopt_blob(handle, blob, $0.baseAddress, $0.count) }
                } ?? wf_curl_setopt_string(handle, file, trust.file ?? CurlGlobal.builtInCertificates)
            guard code == CURLE_OK else { return code }
        }
        return others.first { $0 != CURLE_OK } ?? CURLE_OK
    }

    private static let headerCallback: curl_write_callback = { pointer, size, count, context in
        guard let pointer, let context else { return 0 }
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
        return Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().header(line) ? length : 0
    }

    private static let writeCallback: curl_write_callback = { pointer, size, count, context in
        guard let context else { return 0 }
        let length = size * count
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        return Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().body(bytes) ? length : 0
    }

    /// Opens the socket for a connection only when its address may be reached: the address
    /// actually connected, whatever a name resolved to before.
    private static let openSocketCallback: curl_opensocket_callback = { context, purpose, address in
        guard let context, let address else { return CURL_SOCKET_BAD }
        if purpose == CURLSOCKTYPE_IPCXN {
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = Int(wf_curl_sockaddr_bytes(address, &bytes))
            guard Unmanaged<Callbacks>.fromOpaque(context).takeUnretainedValue().mayConnect(Array(bytes.prefix(count)))
            else { return CURL_SOCKET_BAD }
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }
}

/// libcurl's one initialisation, and what it was built with.
enum CurlGlobal {
    /// `curl_global_init`, once in the process, before the first handle.
    static let isReady: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    /// The certificate bundle libcurl was built to trust (Debian's
    /// `/etc/ssl/certs/ca-certificates.crt`), `nil` when it has none.
    static let builtInCertificates: String? = {
        guard isReady, let handle = curl_easy_init() else { return nil }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafePointer<CChar>?
        guard wf_curl_getinfo_string(handle, CURLINFO_CAINFO, &path) == CURLE_OK, let path else { return nil }
        return String(cString: path)
    }()

    /// The certificate folder libcurl was built to trust, `nil` when it has none.
    static let builtInCertificateFolder: String? = {
        guard isReady, let handle = curl_easy_init() else { return nil }
        defer { curl_easy_cleanup(handle) }
        var path: UnsafePointer<CChar>?
        guard wf_curl_getinfo_string(handle, CURLINFO_CAPATH, &path) == CURLE_OK, let path else { return nil }
        return String(cString: path)
    }()
}
