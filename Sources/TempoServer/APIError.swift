import Foundation
import HTTPTypes
import Hummingbird

/// An error a client sees as `{"error": {"code": "...", "message": "..."}}` with its status.
struct APIError: Error, HTTPResponseError {
    let status: HTTPResponse.Status
    /// A stable machine-readable code (`not_found`, `unknown_field`, …).
    let code: String
    /// One line for a person.
    let message: String
    /// Extra headers (`Retry-After` on 429).
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONBody.response(status, ErrorDocument(error: .init(code: code, message: message)))
        response.headers.append(contentsOf: headers)
        return response
    }

    private struct ErrorDocument: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }

    static func notFound(_ what: String) -> APIError { APIError(.notFound, "not_found", "no such \(what)") }
    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad_request", message) }
}
