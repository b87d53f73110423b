// MARK: - Growing an import

extension LibraryCommand {
    /// Takes in a further part of the same import: its entries replace those of the same ids
    /// or join them; the albums as they were before the import are kept from the first part
    /// that changed them.
    mutating func grow(by part: LibraryCommand) {
        var positions = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, $0) })
        for entry in part.entries {
            if let position = positions[entry.id] {
                entries[position] = entry
            } else {
                positions[entry.id] = entries.count
                entries.append(entry)
            }
        }
        let known = Set(previous.map(\.id))
        previous += part.previous.filter { !known.contains($0.id) }
    }
}
