/// Sex assigned at birth; the CKD-EPI 2021 creatinine equation uses it (nutrition.md §2.10, Inker 2021 [R13]).
public enum SexAtBirth: String, ProfileChoice, Hashable, Codable {
    case female
    case male
}
