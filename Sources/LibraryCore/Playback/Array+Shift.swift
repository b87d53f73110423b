// MARK: - Moving one element

extension Array {
    /// Moves the element at `from` to `to`; those between shift by one place, and no other.
    mutating func shift(from: Int, to: Int) {
        guard from != to else { return }
        let moving = self[from]
        if from < to {
            for index in from..<to { self[index] = self[index + 1] }
        } else {
            for index in stride(from: from, to: to, by: -1) { self[index] = self[index - 1] }
        }
        self[to] = moving
    }
}
