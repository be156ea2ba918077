import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Turns every error into the JSON error shape with its status: the API's own errors as they
/// are, the framework's (404 for an unknown route, 413 for a body over the limit) by status,
/// and anything else as a 500 that names nothing internal (the log has the details).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            let status = error.status
            let code = status.reasonPhrase.lowercased().replacingOccurrences(of: " ", with: "_")
            return try APIError(status, code, status == .notFound ? "no such route" : status.reasonPhrase.lowercased())
                .response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(error)"])
            return try APIError(.internalServerError, "internal", "the server failed; nothing was changed")
                .response(from: request, context: context)
        }
    }
}
