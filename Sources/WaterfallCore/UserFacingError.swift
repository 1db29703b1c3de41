/// An error whose description is the one line a user reads, naming where the problem is.
///
/// The command line prints it on standard error and exits with status 2; anything else that is
/// thrown is a defect.
public protocol UserFacingError: Error, Sendable, CustomStringConvertible {}
