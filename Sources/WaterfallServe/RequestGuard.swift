import Foundation
import Hummingbird

/// Refuses what another site could make a browser send: a request for another `Host` (DNS
/// rebinding), and a POST from another origin or without this run's token (403).
struct RequestGuard<Context: RequestContext>: RouterMiddleware {
    let security: ServeSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let authority = request.head.authority
        guard security.allowsHost(authority) else { return ServeResponse.forbidden("unknown host") }
        var request = request
        if request.method != .get && request.method != .head {
            guard request.method == .post else {
                return ServeResponse.text("method not allowed", status: .methodNotAllowed)
            }
            let fetchSite = request.headers.value(named: "Sec-Fetch-Site")
            guard security.allowsOrigin(request.headers[.origin], fetchSite: fetchSite, authority: authority) else {
                return ServeResponse.forbidden("cross-site request refused")
            }
            var token = request.headers.value(named: ServeSecurity.tokenHeader)
            if token == nil {
                let body = try await request.collectBody(upTo: 64 * 1024)
                token = ServeSecurity.formToken(String(buffer: body))
            }
            guard security.accepts(token: token) else { return ServeResponse.forbidden("missing or wrong token") }
        }
        var response = try await next(request, context)
        // No other site may frame these pages (a framed Approve button could be clicked blind). A
        // handler's own policy (the `sandbox` of a served file) is kept: the two are combined.
        response.headers[.contentSecurityPolicy] = ServeResponse.policy(
            response.headers[values: .contentSecurityPolicy], adding: "frame-ancestors 'self'")
        response.headers[.xContentTypeOptions] = "nosniff"
        return response
    }
}

/// The server's plain responses.
enum ServeResponse {
    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        bytes(Array(text.utf8), type: "text/html; charset=utf-8", status: status)
    }

    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        bytes(Array((text + "\n").utf8), type: "text/plain; charset=utf-8", status: status)
    }

    static func forbidden(_ reason: String) -> Response { text("forbidden: \(reason)", status: .forbidden) }

    static func notFound() -> Response { text("not found", status: .notFound) }

    static func bytes(_ bytes: [UInt8], type: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// Marks a response whose body came from the user's folders (a served file, a page or picture
    /// rendered from a spec and its templates): it is shown, never run at this origin, so no script
    /// in it can read the token or post an approval.
    ///
    /// - Parameter scripts: Whether scripts may run, at a unique origin of their own (a served
    ///   file's, as Jupyter serves `/files/`); otherwise none runs, and the document keeps this
    ///   origin so that the live page can write into its frame.
    static func fromUserFolder(_ response: Response, scripts: Bool) -> Response {
        var response = response
        response.headers[.contentSecurityPolicy] = scripts ? "sandbox allow-scripts" : "sandbox allow-same-origin"
        return response
    }

    /// `policies` (the values of `Content-Security-Policy` fields) and `directive` as one policy.
    ///
    /// Every directive of each is kept, so a response is never less restricted than either asked;
    /// a directive already there is not repeated.
    static func policy(_ policies: [String], adding directive: String) -> String {
        var directives: [String] = []
        for policy in policies + [directive] {
            for part in policy.split(separator: ";") {
                let text = part.trimmingCharacters(in: .whitespaces)
                if !text.isEmpty, !directives.contains(text) { directives.append(text) }
            }
        }
        return directives.joined(separator: "; ")
    }

    static func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location, .cacheControl: "no-store"])
    }

    /// The content type of a served file, by its extension.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "pdf": "application/pdf"
        default: "text/plain; charset=utf-8"
        }
    }
}

extension HTTPFields {
    /// The first value of the field `name`, whatever its case.
    func value(named name: String) -> String? {
        let name = name.lowercased()
        return first { $0.name.canonicalName == name }?.value
    }
}
