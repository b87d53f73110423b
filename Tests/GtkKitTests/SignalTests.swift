import Testing
import TestSupport
@testable import GtkKit

/// Something a signal handler captures, to watch its lifetime.
final class Captured {
    var calls = 0
}

@MainActor
@Suite(.serialized)
struct SignalTests {
    init() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display: run the tests under xvfb-run")
    }

    @Test func handlerRunsWhileConnectedAndIsReleasedWithItsWidget() {
        weak var weakCaptured: Captured?
        do {
            let button = Button(label: "Press")
            let captured = Captured()
            weakCaptured = captured
            button.onClicked { captured.calls += 1 }
            button.click()
            button.click()
            #expect(captured.calls == 2)  // alive and called while connected: no use-after-free
        }
        // The button was finalised; GLib's destroy notify released the closure: no leak.
        #expect(weakCaptured == nil)
    }

    @Test func disconnectReleasesTheClosureAndStopsCalls() {
        let button = Button(label: "Press")
        weak var weakCaptured: Captured?
        var calls = 0
        do {
            let captured = Captured()
            weakCaptured = captured
            let connection = button.onClicked { captured.calls += 1; calls = captured.calls }
            button.click()
            button.disconnect(connection)
        }
        #expect(weakCaptured == nil)
        button.click()
        #expect(calls == 1)
    }

    @Test func attachedObjectLivesAsLongAsTheGObject() {
        weak var weakCaptured: Captured?
        do {
            let label = Label("x")
            do {
                let captured = Captured()
                weakCaptured = captured
                label.attach(captured, forKey: "test")
            }
            #expect(weakCaptured != nil)
            #expect(label.attached(forKey: "test") === weakCaptured)
        }
        #expect(weakCaptured == nil)
    }

    @Test func actionRunsItsHandlerOnlyWhileEnabled() {
        let action = SimpleAction(name: "delete")
        var runs = 0
        action.onActivate { runs += 1 }
        action.activate()
        action.isEnabled = false
        action.activate()
        #expect(runs == 1)
        #expect(action.name == "delete")
    }
}
