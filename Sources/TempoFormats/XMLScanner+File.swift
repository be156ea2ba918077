import Foundation

extension XMLScanner {
    /// Streams the XML file at `url` to `visit` through the handler `makeHandler` builds around it.
    static func stream<Handler: XMLHandler>(
        _ url: URL, _ visit: (ActivityElement) -> Void, handler makeHandler: (@escaping (ActivityElement) -> Void) -> Handler
    ) throws(FormatError) {
        let result: Result<Void, FormatError> = withoutActuallyEscaping(visit) { escapable in
            var handler = makeHandler(escapable)
            do throws(FormatError) {
                try scan(url, into: &handler)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Scans the XML file at `url` into `handler`: a UTF-8 document streamed from disk, one in
    /// another encoding read whole and transcoded to UTF-8 before the first element is reported.
    /// Errors name the file and, for the document's own errors, the line and column.
    static func scan<Handler: XMLHandler>(_ url: URL, into handler: inout Handler) throws(FormatError) {
        let handle = try ActivityFile.open(url)
        defer { try? handle.close() }
        var scanner = XMLScanner(descriptor: handle.fileDescriptor)
        do throws(Failure) {
            guard try scanner.needsTranscoding() else {
                try scanner.run(&handler)
                return
            }
            let original = try scanner.readAll()
            let document: [UInt8]
            do {
                document = try XMLTranscoder.utf8(Data(original))
            } catch {
                throw Failure(location: nil, reason: error.reason)
            }
            var transcoded = XMLScanner(document: document)
            try transcoded.run(&handler)
        } catch {
            throw FormatError(file: url.path, location: error.location, reason: error.reason)
        }
    }

    /// Whether the document is in another encoding than UTF-8 (a UTF-16 byte-order mark or zero
    /// bytes at the start, or an XML declaration naming another encoding). Skips a UTF-8 mark.
    private mutating func needsTranscoding() throws(Failure) -> Bool {
        guard try fill(2) else { return false }
        if (base[0] == 0xFE && base[1] == 0xFF) || (base[0] == 0xFF && base[1] == 0xFE) || base[0] == 0 || base[1] == 0 {
            return true
        }
        if try fill(3), base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        let start = position
        defer { position = start }
        while try fill(1), Self.isSpace(base[position]) { position += 1 }
        guard try fill(5), starts(with: "<?xml", at: position), let end = try find(UInt8(ascii: ">"), from: 0) else { return false }
        let declaration = String(decoding: UnsafeBufferPointer(start: base + position, count: end), as: UTF8.self).lowercased()
        guard let range = declaration.range(of: "encoding") else { return false }
        let value = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" }
        return !Self.utf8Names.contains(String(value))
    }

    /// Encoding names that mean the bytes are UTF-8 already (ASCII is a subset).
    private static let utf8Names: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]
}
