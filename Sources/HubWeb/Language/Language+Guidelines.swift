extension Language {
    /// The source of a lab's target as the page shows it: the guideline by name, its surrounding words in this
    /// language (a guideline's or a document's own title stays as published).
    func guidelineNote(_ source: String) -> String {
        let cited = LabsPage.guideline(source)
        guard self == .spanish else { return cited }
        return Self.spanishGuidelineNotes[cited] ?? cited
    }

    /// The Spanish of every lab target source in `LabCatalog.standard` (a test checks each has one), keyed by the
    /// English as `LabsPage.guideline` shows it.
    static let spanishGuidelineNotes: [String: String] = [
        "KDOQI 2020 nutrition guideline, keep serum K in the lab's normal range; dialysis lab sheet 3.5–5.1":
            "guía de nutrición KDOQI 2020: potasio en el rango normal del laboratorio; hoja de análisis de diálisis 3,5–5,1",
        "CKD metabolic acidosis is < 22 mmol/L; treat to keep ≥ 22":
            "en la ERC hay acidosis metabólica por debajo de 22 mmol/L; se trata para mantener ≥ 22",
        "KDOQI Nutrition in CKD 2020 Update (Am J Kidney Dis 2020;76 Suppl 1) suggests 24–26 mmol/L (not re-checked)":
            "KDOQI Nutrition in CKD 2020 Update (Am J Kidney Dis 2020;76 Suppl 1) sugiere 24–26 mmol/L (sin revisar)",
        "NKF KDOQI 2003, CKD 5; DaVita, Phosphorus and PTH Goals: 3.0–5.5":
            "NKF KDOQI 2003, ERC 5; DaVita, Phosphorus and PTH Goals: 3,0–5,5",
        "NKF KDOQI 2003 targets by stage, CKD 3–4": "NKF KDOQI 2003, objetivos por estadio, ERC 3–4",
        "NKF KDOQI 2003 bone-mineral targets, CKD 5": "NKF KDOQI 2003, objetivos de hueso y minerales, ERC 5",
        "KDIGO 2–9 × upper normal; DaVita, Phosphorus and PTH Goals: 150–600":
            "KDIGO: de 2 a 9 veces el límite superior normal; DaVita, Phosphorus and PTH Goals: 150–600",
        "dialysis patient lab education (smore.com/a891b)":
            "material sobre análisis para pacientes en diálisis (smore.com/a891b)",
        "lab normal range (kidneychef.com, Making sense of your laboratory values)":
            "rango normal del laboratorio (kidneychef.com, Making sense of your laboratory values)",
        "dialysis patient lab education, smore.com/a891b (low-authority source)":
            "material sobre análisis para pacientes en diálisis, smore.com/a891b (fuente de poca autoridad)",
        "KDIGO 2020/2022 Diabetes in CKD guideline": "guía KDIGO 2020/2022 de diabetes en la ERC",
    ]
}
