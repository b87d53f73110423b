// Why this file exists: empty states are libadwaita's status pages (`AdwStatusPage`): a
// large icon, a title and a description, centred, in the platform's typography.

import CGtk

/// A page telling why there is nothing to show, and what to do (`AdwStatusPage`).
@MainActor
public final class StatusPage: Widget {
    public init(iconName: String) {
        super.init(owning: adw_status_page_new())
        adw_status_page_set_icon_name(page, iconName)
    }

    private var page: OpaquePointer { bl_adw_status_page(gObject) }

    public var title: String {
        get { adw_status_page_get_title(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_title(page, newValue) }
    }

    /// Shown under the title; an empty one is not shown.
    public var pageDescription: String {
        get { adw_status_page_get_description(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(page, newValue) }
    }

    public var iconName: String {
        get { adw_status_page_get_icon_name(page).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_icon_name(page, newValue) }
    }
}

extension StatusPage {
    /// Sets what the page shows under its description (a button, a spinner).
    public func setChild(_ child: Widget?) {
        adw_status_page_set_child(bl_adw_status_page(gObject), child?.gtkWidget)
    }
}
