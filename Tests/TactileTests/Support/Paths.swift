import Foundation

/// Where test data lives: the package's `Recordings/`, and the real device recordings in
/// `../shared/recordings/evemu/` beside the checkout (absent on some machines: tests that
/// need them are skipped with that reason).
enum Paths {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let recordings = packageRoot.appendingPathComponent("Recordings")
    static let shared = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/recordings/evemu")
    static var sharedAvailable: Bool { FileManager.default.fileExists(atPath: shared.path) }
    /// In CI (`CI` set) the real-device tests always run: a missing `../shared/recordings`
    /// then fails them instead of skipping them unseen.
    static var inCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false }

    static func sharedFile(_ name: String) -> String { shared.appendingPathComponent(name).path }
    static func recording(_ name: String) -> String { recordings.appendingPathComponent(name).path }

    /// A scratch directory, new for each call, inside one directory for the whole test
    /// process that is removed when the process exits.
    static func scratch() -> URL {
        let url = scratchRoot.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static let scratchRoot: URL = {
        atexit { try? FileManager.default.removeItem(atPath: Paths.scratchRootPath) }
        return URL(fileURLWithPath: scratchRootPath)
    }()

    private static var scratchRootPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tactile-tests-\(getpid())").path
    }
}

/// The shared evemu recordings with the `.desc` each one needs (nil when the description
/// is inside the file). Listed by hand so a missing file is a failure, not a silent skip.
enum SharedRecording: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case threeM = "freedesktop-evemu_3m.event"
    case bcm5974 = "freedesktop-evemu_bcm5974.event"
    case ntrig = "freedesktop-evemu_ntrig-dell-xt2.event"
    case wetab = "freedesktop-evemu_wetab.event"
    case atmelTaps = "whot-evemu-devices_Atmel-maXTouch-Touchscreen.1-finger-fast-taps.events"
    case atmelDrag = "whot-evemu-devices_Atmel-maXTouch-Touchscreen.4-finger-drag-down.events"
    case synapticsScroll = "whot-evemu-devices_SynPS2-Synaptics-TouchPad.hp8470p.two-finger-scroll-vertical.events"
    case wacom2fgTap = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.2fg-tap.events"
    case wacomScroll = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.double-center-scroll.events"
    case wacomDoubleTap = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.double-tap-center.events"
    case wacomSwipe = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.single-top-swipe.events"
    case intuosStylus = "whot-evemu-devices_Wacom-Intuos4-6x9.stylus-drag.events"
    case dellCanvas = "whot-evemu-devices_dell_canvas_touch.evemu"

    var path: String { Paths.sharedFile(rawValue) }
    var descriptionPath: String? {
        switch self {
        case .synapticsScroll: return Paths.sharedFile("whot-evemu-devices_SynPS2-Synaptics-TouchPad.hp8470p.desc")
        case .wacom2fgTap, .wacomScroll, .wacomDoubleTap, .wacomSwipe:
            return Paths.sharedFile("whot-evemu-devices_Wacom-ISDv4-E6-Finger.desc")
        case .intuosStylus: return Paths.sharedFile("whot-evemu-devices_Wacom-Intuos4-6x9.desc")
        default: return nil
        }
    }
    var testDescription: String { rawValue }
}

import Testing

extension Trait where Self == ConditionTrait {
    /// Skips (visibly, with the reason) when `../shared/recordings` is not beside the checkout.
    static var needsSharedRecordings: Self {
        .enabled(if: Paths.sharedAvailable || Paths.inCI, "../shared/recordings/evemu is not beside this checkout")
    }
}
