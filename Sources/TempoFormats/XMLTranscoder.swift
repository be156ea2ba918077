import Foundation

/// Turns an XML document in another encoding than UTF-8 into UTF-8 for `XMLScanner`, before it scans.
///
/// The encoding is the byte-order mark's (UTF-8, UTF-16 big or little endian), else the one the
/// first bytes show (`<?` in UTF-16 without a mark), else the one the XML declaration names by
/// its IANA name (`ISO-8859-1`, `windows-1252`, `Shift_JIS`…), else UTF-8. Foundation decodes
/// the text, so what the scanner gets is valid UTF-8 whatever the file held. (Foundation's
/// `XMLParser` used to read these files, and traps when libxml2 hands it a name that is not
/// valid UTF-8, which a file naming an encoding libxml2 lacks gets through to it.)
enum XMLTranscoder {
    /// Why a document could not be transcoded, for a person.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// The document's text in UTF-8, its XML declaration kept as written.
    static func utf8(_ data: Data) throws(Failure) -> [UInt8] {
        let bytes = [UInt8](data.prefix(4))
        let encoding: String.Encoding
        var body = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            encoding = .utf8
            body = data.dropFirst(3)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            encoding = .utf16BigEndian
            body = data.dropFirst(2)
        } else if bytes.starts(with: [0xFF, 0xFE]) {
            encoding = .utf16LittleEndian
            body = data.dropFirst(2)
        } else if bytes == [0x00, 0x3C, 0x00, 0x3F] {
            encoding = .utf16BigEndian
        } else if bytes == [0x3C, 0x00, 0x3F, 0x00] {
            encoding = .utf16LittleEndian
        } else if let name = declaredEncoding(data) {
            guard let named = String.Encoding(ianaName: name) else {
                throw Failure(reason: "unsupported encoding \"\(name)\"")
            }
            encoding = named
        } else {
            encoding = .utf8
        }
        if encoding == .utf8 { return Array(String(decoding: body, as: UTF8.self).utf8) }
        guard let text = String(data: body, encoding: encoding) else {
            throw Failure(reason: "the text is not valid \(encoding)")
        }
        return Array(text.utf8)
    }

    /// The `encoding` of an XML declaration at the start of an ASCII-compatible document.
    private static func declaredEncoding(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(1024), as: UTF8.self)
        let start = head.drop { $0.isWhitespace }
        guard start.hasPrefix("<?xml"), let end = start.range(of: "?>") else { return nil }
        let declaration = start[..<end.lowerBound]
        guard let key = declaration.range(of: "encoding") else { return nil }
        let value = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" && $0 != " " }
        return value.isEmpty ? nil : String(value)
    }
}
