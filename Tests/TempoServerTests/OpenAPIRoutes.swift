import Foundation

/// The routes `Sources/TempoServer/openapi.yaml` documents: each path's methods, whether each
/// needs a token, and the statuses it may answer. Read from the file's fixed layout (paths at
/// two spaces, methods at four, statuses at eight), so a route added to the server without
/// its document fails the conformance tests.
struct OpenAPIRoutes {
    struct Operation: Hashable {
        let method: String
        let path: String
        var needsToken = true
        var statuses: Set<Int> = []
    }

    private(set) var operations: [Operation] = []

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/TempoServer/openapi.yaml")

    init() throws {
        let lines = try String(contentsOf: Self.file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var inPaths = false, path: String?
        for line in lines {
            if line == "paths:" { inPaths = true; continue }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                      ["get", "put", "post", "delete", "patch"].contains(line.trimmingCharacters(in: .whitespaces).dropLast()) {
                operations.append(Operation(method: line.trimmingCharacters(in: .whitespaces).dropLast().uppercased(), path: path))
            } else if !operations.isEmpty, line.hasPrefix("      security: []") {
                operations[operations.count - 1].needsToken = false
            } else if !operations.isEmpty, line.hasPrefix("        '"), let status = Int(line.dropFirst(9).prefix(3)) {
                operations[operations.count - 1].statuses.insert(status)
            }
        }
    }

    /// The operation documenting `method` on the concrete `path` (`{name}` matches one segment).
    func operation(_ method: String, _ path: String) -> Operation? {
        let segments = path.split(separator: "/")
        return operations.first { operation in
            let template = operation.path.split(separator: "/")
            return operation.method == method && template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
    }

    /// The answers the document does not allow, as "METHOD path → status" lines.
    func undocumented(_ answered: [(method: String, path: String, status: Int)]) -> [String] {
        answered.compactMap { answer in
            guard let operation = operation(answer.method, answer.path) else {
                return [401, 404, 405].contains(answer.status) ? nil : "\(answer.method) \(answer.path) → \(answer.status) (no such route documented)"
            }
            return operation.statuses.contains(answer.status) ? nil : "\(answer.method) \(answer.path) → \(answer.status)"
        }
    }
}
