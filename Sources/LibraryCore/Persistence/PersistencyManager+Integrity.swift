import Foundation

// MARK: - Checking the whole file after the launch

extension PersistencyManager {
    /// Checks every page of the database on a reader aside (the launch checked only the tables
    /// its first frame reads: `LibraryOpener.CheckScope`). Damage found is written down for
    /// the next launch, and what to tell the user handed to `onDamage` on the main actor;
    /// nothing when the library closes first. Once a session: a window opened again asks again.
    func checkWholeFile(onDamage: @escaping @MainActor @Sendable (String) -> Void) {
        guard !hasCheckedWholeFile.withLock({ checked in defer { checked = true }; return checked }) else { return }
        let locations = locations
        readAside({ database -> String? in
            guard let report = database.damage() else { return nil }
            let damage = DamageFoundAfterLaunch(report: report, locations: locations)
            damage.writeDown()
            return damage.message
        }) { result in
            if case .success(let message?) = result { onDamage(message) }
        }
    }
}

// MARK: - DamageFoundAfterLaunch

/// Damage the check of the whole database found after the launch: written down
/// (`StorageLocations.damageFoundFile`) for the next launch, which checks the whole file
/// before its first frame and repairs it as damage found then (the damaged file kept aside,
/// the latest backup restored), and told to the user in words.
struct DamageFoundAfterLaunch {
    /// What SQLite found.
    let report: String
    let locations: StorageLocations

    /// Writes the report down for the next launch (a failure is logged: the damage is then
    /// found again after the next launch, and told again).
    func writeDown() {
        Log.core.warning("\(locations.databaseFile.path) failed its whole check after the launch: \(report)")
        do {
            try Data(report.utf8).write(to: locations.damageFoundFile, options: .atomic)
        } catch {
            Log.core.warning("the damage could not be written down in \(locations.damageFoundFile.path): \(error)")
        }
    }

    /// What the user is told: what was found, and what the next launch does about it.
    var message: String {
        let found = localized("Part of your library database is damaged (%@).", report)
        let next = FileManager.default.fileExists(atPath: locations.backupFile.path)
            ? localized("The next time BlueLibrary starts, it keeps the damaged file aside and restores your library from its latest backup.")
            : localized("The next time BlueLibrary starts, it keeps the damaged file aside; there is no backup to restore your library from.")
        return "\(found) \(next)"
    }
}
