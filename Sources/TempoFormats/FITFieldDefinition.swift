import Foundation
import TempoKit

/// One field of a FIT definition message.
struct FITFieldDefinition {
    var number: UInt8
    var size: Int
    var baseType: UInt8
}
