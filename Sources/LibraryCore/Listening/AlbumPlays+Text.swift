import Foundation

// MARK: - Plays in words

extension AlbumPlays {
    /// What the details say of the plays: "12 times · last on 3 March" ("1 time · last
    /// today"; the year too when it is not this one), in the user's language.
    public func text(now: Date = Date(), calendar: Calendar = .current) -> String {
        let times = localizedPlural("%@ time", "%@ times", count, count.formatted())
        return localized("%1$@ · %2$@", times, Self.lastText(lastPlayed, now: now, calendar: calendar))
    }

    /// "last today", "last yesterday", "last on 3 March", "last on 3 March 2024".
    static func lastText(_ date: Date, now: Date, calendar: Calendar) -> String {
        if calendar.isDate(date, inSameDayAs: now) { return localized("last today") }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: now), calendar.isDate(date, inSameDayAs: yesterday) {
            return localized("last yesterday")
        }
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        formatter.setLocalizedDateFormatFromTemplate(sameYear ? "dMMMM" : "dMMMMy")
        return localized("last on %@", formatter.string(from: date))
    }
}
