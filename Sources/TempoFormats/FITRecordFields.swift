import Foundation

/// The fields of a record message (global 20) that become a `LocationFix`, planned once per
/// definition so each record is decoded without looking fields up.
struct FITRecordFields {
    /// position_lat (0), semicircles.
    var latitude = FITField.absent
    /// position_long (1), semicircles.
    var longitude = FITField.absent
    /// enhanced_altitude (78), preferred over altitude (2); both m × 5 + 500.
    var enhancedAltitude = FITField.absent
    var altitude = FITField.absent
    /// enhanced_speed (73), preferred over speed (6); both mm/s.
    var enhancedSpeed = FITField.absent
    var speed = FITField.absent
    /// distance (5), the device's odometer, cm.
    var distance = FITField.absent
    /// heart_rate (3), beats per minute.
    var heartRate = FITField.absent
    /// cadence (4), per minute.
    var cadence = FITField.absent
    /// power (7), watts.
    var power = FITField.absent
    /// temperature (13), °C (sint8).
    var temperature = FITField.absent

    /// Places a field of the message, by its number; other numbers are ignored.
    mutating func place(number: UInt8, _ field: FITField) {
        switch number {
        case 0: latitude = field
        case 1: longitude = field
        case 78: enhancedAltitude = field
        case 2: altitude = field
        case 73: enhancedSpeed = field
        case 6: speed = field
        case 5: distance = field
        case 3: heartRate = field
        case 4: cadence = field
        case 7: power = field
        case 13: temperature = field
        default: break
        }
    }
}
