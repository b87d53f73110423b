import Foundation
import GtkKit
import Testing
import TestSupport
@testable import BlueLibrary
@testable import LibraryCore

/// The table of actions (`AppAction`) is the one place shortcuts are declared: what the app
/// binds, what the Keyboard Shortcuts window and the README show, and the style sheet the
/// placeholder colours come from must agree with it.
@MainActor
struct ShortcutsTests {
    /// The actions with a shortcut, and the accelerators GTK should know for each.
    private static var boundActions: [AppAction] {
        AppAction.allCases.filter { !$0.accelerators.isEmpty }
    }

    @Test func theApplicationBindsTheShortcutsOfTheTable() async throws {
        try await DisplayLock.exclusive {
            let harness = try await WindowHarness()
            for action in Self.boundActions where action.binding == .application {
                let bound = harness.app.application.accelerators(for: action.detailedName)
                #expect(bound == action.accelerators.compactMap(Accelerator.canonical), "\(action.detailedName)")
            }
            harness.activate(AppAction.showShortcuts.detailedName)
            #expect(harness.window.window.isHelpOverlayShown, "the Keyboard Shortcuts window comes from the resource bundle")
            #expect(IconTheme.hasIcon(named: AppInfo.applicationID), "the app icon comes from the resource bundle")
            await harness.close()
        }
    }

    @Test func theTableWritesAcceleratorsAsGTKDoes() {
        for action in Self.boundActions {
            for accelerator in action.accelerators {
                #expect(Accelerator.canonical(accelerator) == accelerator, "\(action.detailedName): \(accelerator)")
            }
        }
    }

    @Test func theKeyboardShortcutsWindowShowsTheFirstShortcutOfEveryAction() throws {
        AppResources.register()
        let overlay = try #require(ResourceBundle.text(at: AppResources.shortcutsWindowPath))
        let shown = Set(Self.accelerators(inBuilderXML: overlay).compactMap(Accelerator.canonical))
        for action in Self.boundActions {
            let first = try #require(action.accelerators.first)
            #expect(shown.contains(first), "the Keyboard Shortcuts window does not show \(first) (\(action.detailedName))")
        }
    }

    @Test func theReadmeListsEveryShortcutAsGTKLabelsIt() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        for action in Self.boundActions {
            let label = try #require(action.shortcutLabel)
            #expect(readme.contains("| \(label) |"), "README's table of keys lacks \(label) (\(action.detailedName))")
        }
    }

    @Test func theStyleSheetDefinesOnePlaceholderColourPerClassTheAppUses() throws {
        AppResources.register()
        let css = try #require(ResourceBundle.text(at: AppResources.styleSheetPath))
        let defined = Set(css.matches(of: /\.placeholder-colour-(\d+)\s*\{/).compactMap { Int($0.output.1) })
        #expect(defined == Set(0..<CoverPlaceholder.colourCount))
    }

    /// The `accelerator` properties of GtkBuilder XML, split into single accelerators.
    private static func accelerators(inBuilderXML xml: String) -> [String] {
        xml.matches(of: /<property name="accelerator">([^<]*)<\/property>/).flatMap { match in
            String(match.output.1).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .split(separator: " ").map(String.init)
        }
    }
}
