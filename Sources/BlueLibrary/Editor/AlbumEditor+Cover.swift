import Foundation
import GtkKit
import LibraryCore

// MARK: - The cover

extension AlbumEditor {
    /// Choose Image… opens the desktop's file chooser; an image file or image data dropped
    /// onto the cover is taken too.
    func connectCover() {
        chooseCoverButton.onClicked { [weak self] in self?.chooseCoverFile() }
        coverFrame.addController(coverDropTarget)
        coverDropTarget.onDrop { [weak self] item, _, _ in
            self?.takeCover(item)
            return self != nil
        }
    }

    private func chooseCoverFile() {
        FileChooser.present(
            .open, title: localized("Choose a Cover Image"), acceptLabel: localized("_Choose"), cancelLabel: localized("_Cancel"),
            filter: FileChooser.Filter(name: localized("Images"), mimeTypes: ImageFormat.allCases.map(\.mimeType)),
            over: window
        ) { [weak self] path in
            guard let self, let path else { return }
            takeCover(.file(URL(fileURLWithPath: path)))
        }
    }

    /// Reads, checks and stores the image, then makes it the cover; saving waits meanwhile.
    /// An image that cannot be a cover changes nothing, and the message says why.
    func takeCover(_ item: DroppedItem) {
        isTakingCover = true
        coverHint.text = localized("Reading the image…")
        refresh()
        let intake = CoverIntake(library: library, textures: textures)
        Task { [weak self, scale = window.scaleFactor] in
            let result: Result<String, CoverFileError>
            do throws(CoverFileError) {
                result = .success(try await intake.take(item, scale: scale))
            } catch {
                result = .failure(error)
            }
            self?.tookCover(result)
        }
    }

    private func tookCover(_ result: Result<String, CoverFileError>) {
        isTakingCover = false
        switch result {
        case .success(let reference):
            coverProblem = nil
            form.cover = reference
            setCoverField(reference)
        case .failure(let error):
            coverProblem = error.message
        }
        refresh()
        showCoverPreview()
    }

    // MARK: Preview

    /// Shows the cover typed, after a pause in the typing: no download per keystroke.
    func showCoverPreviewSoon() {
        coverPreviewDelay = Timeout(milliseconds: 600) { [weak self] in self?.showCoverPreview() }
    }

    /// Shows the form's cover, decoded at its size on screen; the hint says how to give one
    /// when there is none, and when it cannot be had.
    func showCoverPreview() {
        let cover = form.problems.contains(.coverAddressInvalid) ? "" : form.cover.trimmingCharacters(in: .whitespaces)
        guard cover != previewedCover || (!showsCover && !cover.isEmpty) else { return refreshHint() }
        previewedCover = cover
        coverPreview?.cancel()
        coverPicture.setTexture(nil)
        guard !cover.isEmpty else { return refreshHint() }
        let key = CoverTextures.Key(address: cover, pixelSize: AlbumView.coverSize * max(1, window.scaleFactor))
        if let texture = textures.texture(for: key) {
            coverPicture.setTexture(texture)
            return refreshHint()
        }
        coverHint.text = localized("Loading the cover…")
        coverPreview = Task { [weak self, library, textures] in
            guard case .success(let data) = await library.cover(for: cover), !Task.isCancelled,
                  let texture = try? await textures.decode(data, for: key), !Task.isCancelled else {
                self?.refreshHint(failed: true)
                return
            }
            self?.coverPicture.setTexture(texture)
            self?.refreshHint()
        }
    }

    private func refreshHint(failed: Bool = false) {
        coverHint.isVisible = !showsCover
        coverHint.text = failed && !isTakingCover
            ? localized("The cover could not be loaded")
            : localized("No cover: drop an image here")
    }
}
