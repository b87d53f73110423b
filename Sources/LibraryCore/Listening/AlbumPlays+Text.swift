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
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        let day = DayFormatters.string(from: date, template: sameYear ? "dMMMM" : "dMMMMy", calendar: calendar)
        return localized("last on %@", day)
    }
}

// MARK: - Formatters kept

/// The date formatters the details use, made once for each template, calendar and language:
/// making one loads the language's patterns (ICU), about half a millisecond, which the details
/// of the selected album would otherwise pay on every change of selection or sort. Behind a
/// `Protected` lock, which ThreadSanitizer sees (it reported `Mutex`'s, whose futex it cannot).
private enum DayFormatters {
    private static let kept = Protected<[String: DateFormatter]>([:])

    static func string(from date: Date, template: String, calendar: Calendar) -> String {
        let key = [template, "\(calendar.identifier)", calendar.timeZone.identifier, Locale.current.identifier].joined(separator: " ")
        return kept.withLock { kept in
            let formatter = kept[key] ?? make(template: template, calendar: calendar)
            kept[key] = formatter
            return formatter.string(from: date)
        }
    }

    private static func make(template: String, calendar: Calendar) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }
}
