import Tactile

/// iio-sensor-proxy's `AccelerometerOrientation` values: which edge of the device is up.
///
/// Tactile names orientations as UIDeviceOrientation does (`landscapeLeft`: the device
/// turned 90° counter-clockwise, its top edge on the left, so its right edge is up).
/// iio-sensor-proxy's `orientation_calc` says `right-up` when the x axis (towards the
/// device's right edge) reads up, the same axes Tactile's filter uses: portrait is
/// `normal`, landscapeLeft `right-up`, landscapeRight `left-up`, upside down `bottom-up`.
public enum SensorProxyOrientation: String, Hashable, Sendable, CaseIterable {
    /// No decision yet (no accelerometer, or no confident sample).
    case undefined
    /// Upright; upside down; left edge up; right edge up.
    case normal, bottomUp = "bottom-up", leftUp = "left-up", rightUp = "right-up"

    /// The value for Tactile's interface orientation. Lying flat never changes it, as
    /// iio-sensor-proxy keeps its last value when the screen lies flat.
    public init(_ o: InterfaceOrientation) {
        // Each counter-clockwise quarter turn brings the next edge up: right, bottom, left.
        self = [.normal, .rightUp, .bottomUp, .leftUp][o.quarterTurns]
    }
}
