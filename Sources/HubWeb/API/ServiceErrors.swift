import Clinical
import HubRecords
import HubServices
import Hummingbird

/// The application layer's refusals as problem details: what the person can act on is a 409 or 422 with the
/// service's own words; anything else is a 500 that says nothing of the inside.
enum ServiceErrors {
    static func problem(for error: any Error) -> Problem {
        switch error {
        case let error as PatientRecordError:
            switch error {
            case .termsNotAccepted, .termsChanged:
                return Problem(
                    status: .conflict,
                    title: "Accept the terms first",
                    detail: error.description,
                    field: "terms"
                )
            case .database:
                return Problem(status: .internalServerError, title: "The store could not be read or written")
            case .unknownProfile, .profileNotChosen, .noProfile:
                return Problem(status: .notFound, title: "No such profile", detail: error.description, field: "profile")
            default:
                return Problem(status: .unprocessableContent, title: "Not stored", detail: error.description)
            }
        case let error as QuestionnaireError:
            switch error {
            case .profile(let inner): return problem(for: inner)
            case .store: return Problem(status: .internalServerError, title: "The store could not be read or written")
            default: return Problem(status: .unprocessableContent, title: "Not done", detail: error.description)
            }
        case let error as CareServiceError:
            return Problem(status: .unprocessableContent, title: "Not done", detail: error.description)
        case let error as EntryRefused:
            return Problem(status: .unprocessableContent, title: "Not stored", detail: error.description)
        case let error as ProfileError:
            return Problem(
                status: .unprocessableContent,
                title: "Profile not saved",
                detail: error.description,
                field: "profile"
            )
        case let error as TrendsError:
            // A profile whose data cannot be shown (its time zone, a value without its display unit): the person can
            // fix the profile.
            return Problem(
                status: .unprocessableContent,
                title: "Not shown",
                detail: error.description,
                field: "profile"
            )
        case let error as LabsError:
            return Problem(status: .unprocessableContent, title: "Not shown", detail: error.description)
        case let error as ProfileFieldError:
            return Problem(status: .unprocessableContent, title: "Not shown", detail: "\(error)", field: "profile")
        case let error as HTTPError:
            return Problem(status: error.status, title: error.body ?? error.status.reasonPhrase)
        default:
            return Problem(status: .internalServerError, title: "Something went wrong on the hub")
        }
    }
}
