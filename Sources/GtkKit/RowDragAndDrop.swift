// Why this file exists: a row of a list moved by dragging it onto another (the play queue's
// order) is a drag of text within the app: the row's source offers a string naming it, and
// each row's drop target takes it.

import CGtk

// MARK: - TextDragSource

/// Lets the user drag its widget, offering a text that names what is dragged (`GtkDragSource`,
/// moving).
@MainActor
public final class TextDragSource: EventController {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(bl_drag_source_new_moving()))
    }

    /// Called with where the drag began (in the widget's coordinates) when the user starts
    /// one; returns the text to offer, or nil to refuse the drag.
    @discardableResult
    public func onPrepare(_ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> String?) -> SignalConnection {
        connectDragPrepare(handler)
    }
}

// MARK: - TextDropTarget

/// Takes text moved onto its widget within the app (`GtkDropTarget` of strings, moving).
@MainActor
public final class TextDropTarget: EventController {
    public init() {
        super.init(owning: UnsafeMutableRawPointer(bl_drop_target_new_for_text()))
    }

    /// Called with the text dropped and where; return true when it was taken.
    @discardableResult
    public func onDrop(_ handler: @escaping @MainActor (String, _ x: Double, _ y: Double) -> Bool) -> SignalConnection {
        connectTextDrop(handler)
    }
}
