/// An aligned text table for people: a header row and left-aligned columns.
package struct Table {
    package var header: [String]
    package var rows: [[String]]

    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The table; cells are user text, so control characters are escaped.
    package func render() -> String {
        let all = ([header] + rows).map { $0.map(TerminalText.escaped) }
        let widths = header.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
