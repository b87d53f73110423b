import Foundation
import Testing
import TestSupport
@testable import BlueLibrary
@testable import GtkKit
@testable import LibraryCore

/// Preferences (Ctrl+comma, and the main menu): libadwaita's Preferences window, whose switch
/// is saved as it changes and read back at the next launch.
@MainActor
struct PreferencesWindowTests {
    @Test func keepPlayingIsOffUntilTurnedOnAndRememberedOnceItIs() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            harness.app.application.activateAction(AppAction.preferences.name)
            let preferences = try #require(harness.app.preferencesWindow, "Preferences opens")
            await harness.wait(for: "the Preferences window") { preferences.window.isMapped }
            #expect(preferences.window.title == "Preferences")
            #expect(!preferences.keepPlayingRow.isOn, "off by default: closing the window quits")

            preferences.keepPlayingRow.isOn = true  // as a click on the row does
            #expect(harness.library.preferences.keepsPlayingWhenWindowIsClosed)
            await harness.wait(for: "the preference saved") {
                (try? String(contentsOf: harness.folders.locations.stateFile, encoding: .utf8))?
                    .contains("\"keepsPlayingWhenWindowIsClosed\" : true") == true
            }
            preferences.close()
            await harness.wait(for: "the Preferences window to close") { harness.app.preferencesWindow == nil }
            await harness.close()

            let state = try AppState.decode(try Data(contentsOf: harness.folders.locations.stateFile))
            #expect(state.preferences.keepsPlayingWhenWindowIsClosed, "read back at the next launch")
        }
    }

    /// Keep Notices Until Closed: off by default (a notice goes after its 5 seconds); on, the
    /// next notice has no time limit and stays until closed, and the choice is saved.
    @Test func keepNoticesUntilClosedTakesTheTimeLimitOffTheNextNotice() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness(albums: (0..<4).map(sampleAlbum), keepsNoticesUntilClosed: false)
            try await harness.press("Delete")
            // A notice of 5 seconds may be over before a loaded machine looks: the test waits
            // for what stays, the deletion told and the notice gone by itself, untouched.
            await harness.wait(for: "the notice to go by itself, as it does by default") {
                harness.report.albumCount == 3 && harness.report.toast == nil && harness.window.toast.message.contains("deleted")
            }

            harness.app.application.activateAction(AppAction.preferences.name)
            let preferences = try #require(harness.app.preferencesWindow, "Preferences opens")
            await harness.wait(for: "the Preferences window to open") { preferences.window.isMapped }
            #expect(!preferences.keepNoticesRow.isOn)
            preferences.keepNoticesRow.isOn = true  // as a click on the row does
            await harness.wait(for: "the preference saved") {
                (try? String(contentsOf: harness.folders.locations.stateFile, encoding: .utf8))?
                    .contains("\"keepsNoticesUntilClosed\" : true") == true
            }
            preferences.close()
            await harness.wait(for: "the Preferences window to close") { harness.app.preferencesWindow == nil }

            try await harness.press("Delete")
            await harness.wait(for: "the next notice") { harness.report.albumCount == 2 && harness.report.toast != nil }
            #expect(!harness.window.toast.isTimed, "the notice stays until closed")
            try await harness.press("Escape")
            await harness.wait(for: "the notice closed by Escape") { harness.report.toast == nil }
            await harness.close()
        }
    }
}
