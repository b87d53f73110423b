import Foundation

/// How large the collections of the scale tests are: a real large library (100,000 albums,
/// 1,000,000 tracks) in the plain run, a tenth of it under a sanitizer.
///
/// The plain run is where size is proven (how long a window takes to open, how little it
/// keeps around, that the database survives SIGKILLs at that size). The sanitizer runs look
/// for data races and memory errors, and a tenth of the collection goes through the same code
/// paths: the full size there cost about 4 of ThreadSanitizer's 13 minutes and found nothing
/// the smaller one does not reach. `scripts/sanitizers` sets `BLUELIBRARY_TEST_SCALE=tenth`.
public enum CollectionScale {
    /// The variable a run sets to shrink the collections.
    public static let variable = "BLUELIBRARY_TEST_SCALE"

    /// Whether this run uses a tenth of each collection.
    public static let isReduced = ProcessInfo.processInfo.environment[variable] == "tenth"

    /// The number of albums a scale test uses in place of `full`.
    public static func albums(_ full: Int) -> Int {
        isReduced ? full / 10 : full
    }
}
