import Foundation
import Tactile
import TactileLibinputRecord
import Testing

/// The shared evemu recordings with the `.desc` each one needs (nil when the description
/// is inside the file). Listed by hand so a missing file is a failure, not a silent skip.
public enum SharedRecording: String, CaseIterable, CustomTestStringConvertible, Sendable {
    // freedesktop's evemu recordings, each with its description inside.
    case threeM = "freedesktop-evemu_3m.event", bcm5974 = "freedesktop-evemu_bcm5974.event",
        ntrig = "freedesktop-evemu_ntrig-dell-xt2.event", wetab = "freedesktop-evemu_wetab.event"
    // whot's evemu-devices: gestures on one device after another.
    case atmelTaps = "whot-evemu-devices_Atmel-maXTouch-Touchscreen.1-finger-fast-taps.events",
        atmelDrag = "whot-evemu-devices_Atmel-maXTouch-Touchscreen.4-finger-drag-down.events"
    case synapticsScroll = "whot-evemu-devices_SynPS2-Synaptics-TouchPad.hp8470p.two-finger-scroll-vertical.events"
    case wacom2fgTap = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.2fg-tap.events",
        wacomScroll = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.double-center-scroll.events",
        wacomDoubleTap = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.double-tap-center.events",
        wacomSwipe = "whot-evemu-devices_Wacom-ISDv4-E6-Finger.single-top-swipe.events"
    case intuosStylus = "whot-evemu-devices_Wacom-Intuos4-6x9.stylus-drag.events"
    case dellCanvas = "whot-evemu-devices_dell_canvas_touch.evemu"

    /// The recording's path.
    public var path: String { Paths.sharedFile(rawValue) }
    /// The `.desc` it needs, when its description is not inside it.
    public var descriptionPath: String? {
        switch self {
        case .synapticsScroll: return Paths.sharedFile("whot-evemu-devices_SynPS2-Synaptics-TouchPad.hp8470p.desc")
        case .wacom2fgTap, .wacomScroll, .wacomDoubleTap, .wacomSwipe:
            return Paths.sharedFile("whot-evemu-devices_Wacom-ISDv4-E6-Finger.desc")
        case .intuosStylus: return Paths.sharedFile("whot-evemu-devices_Wacom-Intuos4-6x9.desc")
        default: return nil
        }
    }
    /// The file name, in test reports.
    public var testDescription: String { rawValue }
}

extension Trait where Self == ConditionTrait {
    /// Skips (visibly, with the reason) when `../shared/recordings` is not beside the checkout.
    public static var needsSharedRecordings: Self {
        .enabled(if: Paths.sharedAvailable || Paths.inCI, "../shared/recordings/evemu is not beside this checkout")
    }
}

/// Opens a shared recording with the description it needs.
public func TactileTestsOpen(_ recording: SharedRecording) throws -> RecordingReader {
    try Recordings.open(recording.path, description: recording.descriptionPath)
}
