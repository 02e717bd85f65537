import FlightCore
import Foundation

/// The offline demo gallery: an HTML page of inline SVG plots and animations rendered from
/// Flight's own numbers.
@MainActor
public enum Gallery {
    /// The complete HTML page.
    public static func page() -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Flight demo gallery</title>
        <style>
        body { font: 14px -apple-system, system-ui, sans-serif; margin: 24px; color: #223; background: #f6f7fb; }
        .grid { display: flex; flex-wrap: wrap; gap: 12px; }
        .card { margin: 0; background: #fff; border: 1px solid #dde; border-radius: 8px; padding: 8px; }
        .card figcaption { margin-bottom: 4px; }
        .note { font-size: 11px; color: #667; max-width: 220px; }
        .note.wide { max-width: 300px; }
        </style></head><body>
        <h1>Flight \(Flight.version) — demo gallery</h1>
        \(GroupGallery.html())
        \(TakeOverGallery.html())
        \(InteractiveGallery.html())
        \(TriggerGallery.html())
        \(ProgressGallery.html())
        \(EasingGallery.html())
        \(KeyframeGallery.html())
        </body></html>
        """
    }

    /// Writes `index.html` into `directory`, creating the directory if needed.
    ///
    /// - Returns: The URL of the page written.
    public static func write(to directory: URL) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let index = directory.appendingPathComponent("index.html")
        try page().write(to: index, atomically: true, encoding: .utf8)
        return index
    }
}
