import Foundation
import HTTPTypes
import Hummingbird

/// Answers a method a documented path does not have with 405 and an `Allow` header, instead of
/// the router's 404 (which stays for paths the API does not have).
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each documented path's segments (`{name}` matches any one) and its methods.
    private let routes: [(segments: [Substring], methods: [String])]

    /// The routes of an OpenAPI document laid out as `openapi.yaml` is: paths indented two
    /// spaces, their methods four.
    init(document: String) {
        var routes: [(segments: [Substring], methods: [String])] = []
        var inPaths = false
        for line in document.split(separator: "\n") {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                routes.append((line.dropFirst(2).dropLast().split(separator: "/"), []))
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"), !routes.isEmpty {
                let method = line.trimmingCharacters(in: .whitespaces).dropLast().uppercased()
                if ["GET", "PUT", "POST", "DELETE", "PATCH"].contains(method) { routes[routes.count - 1].methods.append(method) }
            }
        }
        self.routes = routes
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let segments = request.uri.path.split(separator: "/")
            guard let route = routes.first(where: { route in
                route.segments.count == segments.count && zip(route.segments, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
            }), !route.methods.contains(request.method.rawValue) else { throw error }
            var refusal = APIError(.methodNotAllowed, "method_not_allowed", "\(request.method.rawValue) is not allowed here")
            refusal.headers[.allow] = route.methods.joined(separator: ", ")
            throw refusal
        }
    }
}
