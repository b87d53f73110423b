import LibraryCore

// MARK: - A command's name

extension LibraryCommand {
    /// What the Undo button's tooltip calls the command: “Undo <this> (Ctrl+Z)”.
    var displayName: String {
        let title = album?.title.isolatedForDisplay ?? ""
        return switch kind {
        case .delete: localized("Delete “%@”", title)
        case .removeFolder: localized("Remove “%@”", folder?.folderName.isolatedForDisplay ?? "")
        case .add: localized("Add “%@”", title)
        case .edit: localized("Edit “%@”", title)
        case .setCover: localized("New Cover for “%@”", title)
        case .importFile, .importFolder:
            addedCount > 0
                ? localizedPlural("Import of %@ Album", "Import of %@ Albums", addedCount)
                // A folder imported again, where only albums whose files changed were updated.
                : localizedPlural("Update of %@ Album", "Update of %@ Albums", entries.count)
        }
    }
}
