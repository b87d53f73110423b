import Testing
@testable import LibraryCore

@Suite("Localized strings")
struct LocalizationTests {
    @Test("numbered slots let a translation reorder its arguments")
    func reordering() {
        #expect(LocalizedFormat("%2$@ 的 %1$@").filled(with: "Blue", "Joni Mitchell") == "Joni Mitchell 的 Blue")
        #expect(LocalizedFormat("“%@” deleted").filled(with: "Blue") == "“Blue” deleted")
    }

    @Test("a translation with too few arguments or a stray percent sign never crashes")
    func damagedFormats() {
        #expect(LocalizedFormat("%1$@ and %3$@").filled(with: "a") == "a and ")
        #expect(LocalizedFormat("100%% sure, 50% of %@").filled(with: "it") == "100% sure, 50% of it")
        #expect(LocalizedFormat("ends with %").filled(with: "x") == "ends with %")
    }

    @Test("without a catalogue a message is shown as written")
    func untranslated() {
        #expect(localized("Your library is empty") == "Your library is empty")
        #expect(localized("item %1$@ has no “%2$@”", "2", "year") == "item 2 has no “year”")
    }
}
