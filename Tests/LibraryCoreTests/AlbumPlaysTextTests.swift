import Foundation
import Testing
@testable import LibraryCore

/// What the details say of an album's plays: the count, and the day of the last listen in
/// the user's calendar and time zone, with the year only when it is not this one.
struct AlbumPlaysTextTests {
    /// 3 March 2026, 23:30 UTC: already 4 March in Tokyo.
    static let lastPlayed = Date(timeIntervalSince1970: 1_772_580_600)

    static func calendar(_ zone: String) throws -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return calendar
    }

    @Test func theDayOfTheLastListenIsTheUsersDay() throws {
        let plays = AlbumPlays(count: 12, lastPlayed: Self.lastPlayed)
        let now = Self.lastPlayed.addingTimeInterval(30 * 86_400)
        let inLondon = plays.text(now: now, calendar: try Self.calendar("Europe/London"))
        let inTokyo = plays.text(now: now, calendar: try Self.calendar("Asia/Tokyo"))
        #expect(inLondon.hasPrefix("12 times · last on "), "\(inLondon)")
        #expect(inLondon.contains("3") && !inLondon.contains("4"), "\(inLondon)")
        #expect(inTokyo.contains("4") && !inTokyo.contains("3"), "the formatter made for London is not reused in Tokyo: \(inTokyo)")
        #expect(!inLondon.contains("2026"), "no year within this year: \(inLondon)")
        // Asked again, the same words (the formatter is kept).
        #expect(plays.text(now: now, calendar: try Self.calendar("Europe/London")) == inLondon)
    }

    @Test func aListenOfAnotherYearSaysItsYearAndRecentOnesSayTodayOrYesterday() throws {
        let calendar = try Self.calendar("Europe/London")
        let plays = AlbumPlays(count: 1, lastPlayed: Self.lastPlayed)
        let nextYear = plays.text(now: Self.lastPlayed.addingTimeInterval(365 * 86_400), calendar: calendar)
        #expect(nextYear.hasPrefix("1 time · last on ") && nextYear.contains("2026"), "\(nextYear)")
        #expect(plays.text(now: Self.lastPlayed.addingTimeInterval(60), calendar: calendar) == "1 time · last today")
        #expect(plays.text(now: Self.lastPlayed.addingTimeInterval(86_400), calendar: calendar) == "1 time · last yesterday")
    }
}
