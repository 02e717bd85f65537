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
        \(ExportGallery.html())
        \(InteractiveGallery.html())
        \(SequenceGallery.html())
        \(RepeatGallery.html())
        \(TriggerGallery.html())
        \(ProgressGallery.html())
        \(EasingGallery.html())
        \(KeyframeGallery.html())
        \(PathGallery.html())
        </body></html>
        """
    }

    /// Writes `index.html` into `directory`, creating the directory if needed.
    ///
    /// - Returns: The page written and what it holds.
    public static func write(to directory: URL) throws -> WrittenGallery {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let index = directory.appendingPathComponent("index.html").standardizedFileURL
        let html = page()
        try html.write(to: index, atomically: true, encoding: .utf8)
        return WrittenGallery(index: index, sections: GallerySection.sections(of: html))
    }
}

/// The page ``Gallery/write(to:)`` wrote: where it is and its sections.
public struct WrittenGallery: Sendable {
    /// The file URL of `index.html`.
    public var index: URL
    /// Its sections, in page order.
    public var sections: [GallerySection]

    /// Figures on the page.
    public var figures: Int { sections.reduce(0) { $0 + $1.figures } }
    /// Figures on the page that move.
    public var animatedFigures: Int { sections.reduce(0) { $0 + $1.animatedFigures } }
    /// SMIL animations on the page.
    public var animations: Int { sections.reduce(0) { $0 + $1.animations } }
}

/// One section of the gallery page (an `<h2>` and what follows it), counted from the HTML
/// written, so that what is reported is what the page holds.
public struct GallerySection: Sendable, Equatable {
    /// The section's heading.
    public var title: String
    /// Its figures: one scenario or plot each.
    public var figures: Int
    /// Its figures that move (they hold at least one SMIL animation).
    public var animatedFigures: Int
    /// Its SMIL animations (`<animate>`, `<animateTransform>`): one per attribute of a square,
    /// each carrying the key times, values and timing curves Flight computed.
    public var animations: Int

    /// The sections of `html`, in order.
    public static func sections(of html: String) -> [GallerySection] {
        html.components(separatedBy: "<h2>").dropFirst().map { part in
            let heading = part.components(separatedBy: "</h2>").first ?? ""
            let figures = part.components(separatedBy: "<figure").dropFirst()
            return GallerySection(
                title: plainText(heading),
                figures: figures.count,
                animatedFigures: figures.filter { $0.contains("<animate") }.count,
                animations: part.components(separatedBy: "<animate").count - 1)
        }
    }

    /// `html` without its tags and with its entities spelt out.
    static func plainText(_ html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            switch character {
            case "<": inTag = true
            case ">": inTag = false
            default: if !inTag { text.append(character) }
            }
        }
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: character)
        }
        return text
    }
}
