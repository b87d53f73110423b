import Foundation
import Testing
import TestSupport
@testable import GtkKit

/// A value set from another thread and read on the main actor.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    func raise() { lock.withLock { raised = true } }
    var isRaised: Bool { lock.withLock { raised } }
}

@MainActor
@Suite(.serialized)
struct MainLoopTests {
    init() throws {
        try #require(MainLoopDriver.start(), "GTK needs a display: run the tests under xvfb-run")
    }

    @Test func performHopsFromAnotherThreadIntoTheGTKLoop() async {
        let flag = Flag()
        Thread.detachNewThread {
            MainLoop.perform { flag.raise() }
        }
        let ran = await MainLoopDriver.run(until: { flag.isRaised })
        #expect(ran)
    }

    @Test func timeoutFiresOnceAndACancelledOneNever() async {
        var fired = 0
        var cancelledFired = false
        let timer = Timeout(milliseconds: 1) { fired += 1 }
        let cancelled = Timeout(milliseconds: 1) { cancelledFired = true }
        cancelled.cancel()
        let done = await MainLoopDriver.run(until: { !timer.isPending })
        await MainLoopDriver.settle()
        #expect(done)
        #expect(fired == 1)
        #expect(!cancelledFired)
    }
}
