/// Every string a page shows, by key; `English` and `Spanish` give the words (a test checks both cover every key).
public enum MessageKey: String, CaseIterable, Sendable {
    case appName, skipToContent, navMain, navToday, navFood, navFluid, navWeight, navBloodPressure, navLabs
    case navNotifications, navProfiles, navSettings, signOut
    case signInTitle, signInIntro, passphrase, signIn, signInFailed, signInLinkExpired, tooManyAttempts
    case setupPassphraseTitle, setupPassphraseIntro, passphraseConfirm, passphraseTooShort, passphraseTooLong
    case passphraseMismatch, save
    case termsTitle, termsIntro, termsAccept, termsVersion
    case profileTitle, profileIntro, name, birthDate, sex, female, male, notGiven, height, category, schedule
    case scheduleHint, dryWeight, diabetes, diabetesNone, diabetesType1, diabetesType2, timeZone, weightUnit
    case fluidUnit, createProfile, profileNotSaved
    case categoryG1, categoryG2, categoryG3a, categoryG3b, categoryG4, categoryG5, categoryHemodialysis,
        categoryPeritoneal, categoryTransplant
    case todayTitle, intakeHeading, intakeCaption, subject, soFar, limit, left, overBy, noLimitSet, shortBy
    case potassium, phosphorus, sodium, protein, fluid
    case dialysisHeading, preWeight, postWeight, gain, gainLine, gainMissing, gainOverLine, gainUnderLine
    case newReadingsArrived, showNewReadings
    case alertsHeading, noAlerts, goalsHeading, noGoals, loggedFood, loggedFluid, savedWeight, savedBloodPressure
    case foodTitle, searchFood, searchHint, search, resultsHeading, resultsCount, noResults, ownFood, chosenFood
    case measure, amount, meal, breakfast, lunch, dinner, snack, showNutrients, portionHeading, portionCaption
    case nutrient, portion, eatenToday, afterThis, logThis, chooseAnother
    case fluidTitle, quickAmounts, otherAmount, whatDrink, water, logFluid, fluidToday
    case weightTitle, weight, unit, phase, phasePre, phasePost, phaseIntra, phaseNone, phaseAuto, when, whenHint
    case recentWeights, time, gainsHeading, saveWeight
    case bloodPressureTitle, systolic, diastolic, pulse, saveBloodPressure, recentBloodPressure
    case labsTitle, analyte, value, date, addLab, labTable, noLabs
    case notificationsTitle, markAllRead, unread, read, noNotifications
    case profilesTitle, currentProfile, switchTo, avatar, avatarFile, avatarHint
    case settingsTitle, language, english, spanish, saveSettings
    case notificationSettingsHeading, notifyAbout, notifyAboutHint, typeReward, typeProgress, typeReminder, typeAlert
    case typeDevice, typeImport, quietHours, quietHoursHint, quietFrom, quietUntil, desktopNotifications
    case saveNotificationSettings, notificationSettingsSaved, quietHoursIncomplete, quietHoursHoldAlertsHint
    case desktopHint
    case errorHeading, notFound, fieldProblem, required, notANumber
    // Labs, trends, devices, import, reports
    case labsIntro, labsLatestHeading, latest, previousResult, change, target, standing, standingLow, standingHigh
    case standingInRange, standingNoTarget, savedLab, usualUnit, labUnitHint, labDateHint, egfrFromCreatinine
    case stage, egfrSlope, egfrSlopePerYear, egfrSlopeNotEnough, egfrSlopeRapid, results, targetSource, upBy, downBy
    case unchanged
    case navTrends, trendsSectionTitle, trendsSections, trendsReadings, trendsIntake, trendsIntro, period, lastDays
    case showPeriod, glucose, noDataInPeriod
    case dataTable, seriesSummary, chartPeriod, weightsHeading, percentOfDryWeight, perDay, intakeChartTitle
    case intakeLimitLine, intakeWindowNote, seriesSummaryOne, chartDay
    case navReports, reportsTitle, reportsIntro, fromDate, fromDateHint, throughDate, throughDateHint, makeReport
    case keptReports, noReports, download, pages, size, madeAt, file, reportMade
    case navGoals, goalsTitle, yourGoals, goal, progress, status, goalMet, goalNotYet, goalNoData, noTemplates
    case goalTemplate, addGoal, badges, pointsCount, pointsTotal, noBadges, goalAdded
    case goalActions, editGoalTitle, editGoal, editGoalLabel, moveGoalUp, moveGoalUpLabel, removeGoal, removeGoalLabel,
        goalSaved
    case goalMoved, goalRemoved, saveGoal, backToGoals, goalKeepHint, goalPeriodDay, goalPeriodWeek, goalPeriodMonth
    case goalLowest, goalHighest, goalSystolicBelow, goalDiastolicBelow, goalLargestDecline, goalGainBelow
    case goalStepsADay, goalDailyMinimum, goalDailyMaximum, goalWaterADay, goalCupsADay
    case kindBodyWeight, kindBodyHeight, kindBodyFat, kindBloodPressure, kindHeartRate, kindRestingHeartRate
    case kindBloodGlucose, kindBloodKetone, kindOxygenSaturation, kindBodyTemperature, kindSteps, kindDistance
    case kindActiveEnergy, kindSleep, kindDietaryWater, kindDietaryPotassium, kindDietarySodium
    case kindDietaryPhosphorus, kindDietaryProtein, kindTotalEnergy, kindWorkout
    // Medicines and doses
    case navMedications, medicationsTitle, medicationsIntro, medicine, instructions, noMedications, showStopped
    case showActiveOnly, addMedication, medicationName, doseAmount, doseAmountHint, doseUnit, route, anyRoute
    case timesPerPeriod, timesPerPeriodHint, periodLength, periodUnit, withEvents, withEventsHint, timesOfDay
    case timesOfDayHint, eventOffset, eventOffsetHint, onlyWhenNeeded, neededFor, whichDays, everyDay
    case dialysisDaysOnly, nonDialysisDaysOnly, reasonFor, prescribedBy, prescribedBySelf, note, medicationAdded
    case medicationStopped, stopMedication, orderStatus, statusActive, statusOnHold, statusStopped, statusCompleted
    case dosesHeading, noDosesDue, dueAt, markTaken, markTakenLabel, doseTaken, takenAt, doseNotTaken
    case doseEnteredInError, doseLog, noDoseLog, adherenceHeading, adherenceSummary, adherenceNoDoses, scheduled
    case taken, notTaken, missed, allMedicines, answer, recordedAt, startedOn
    // Orders
    case orderedByCareTeam, orderedByCareTeamDetail
    // Devices and imports
    case navDevices, devicesTitle, devicesIntro, adaptersHeading, adapter, adapterState, adapterKind
    case adapterFindsDevices, adapterReadsFiles, adapterIdle, adapterRunning, adapterBackoff, adapterFailed
    case adapterStopped, retryAdapter, retryAdapterLabel, adapterRetried, noAdapters, adapterProblems
    case scanHeading, scanIntro, scanButton, foundHeading, noDevicesFound, device, signal, signalValue, pairedState
    case isPaired, notPaired, pairButton, pairLabel, passkey, passkeyHint, passkeyNeeded, passkeyRefused
    case devicePaired, pairRefused, knownHeading, noKnownDevices, lastSeen, readingsGoTo, nobodyYet, everyUser
    case userSlot, syncNow, syncLabel, syncProgress, syncProgressCount, syncStarting, syncDone, syncFailed
    case syncResumed, assignHeading, assignProfile, userSlotField, userSlotHint, assignButton, assignLabel
    case deviceAssigned, userSlotInvalid, scanFailed, progressLabel
    case navImport, importTitle, importIntro, exportFile, exportFileHint, importButton, importProgress
    case importReportHeading, importReportCaption, kindColumn, storedColumn, duplicatesColumn, rejectedColumn
    case rejectedHeading, noRejected, whereColumn, whyColumn, importStored, importStoppedEarly, uploadTooLarge
    case uploadNotExport, uploadMissing, importRefused, rejectedShown
    case exportHeading, exportIntro, exportJSON, exportCSV, exportFHIR
    // Questionnaires
    case navQuestionnaires, questionnairesTitle, questionnairesIntro, noQuestionnaires, saveAnswers
    case questionnaireSaved, answeredOnce, answeredTimes, notAnsweredYet, optionalAnswer, scaleHint, yesAnswer, noAnswer
    // Refusals of the application layer (web-finish): `UserMessage` keys as the pages write them
    case refusedOutOfRange, refusedUnusual, refusedDiastolicNotBelow, refusedInTheFuture, refusedNotANumber
    case refusedLabOutOfRange, refusedLabUnit, refusedUnknownLab
    // More refusals (web-l10n): every area's `UserMessage` keys, the blood pressure confirmation, the fallback
    case refusedField, refusedNotATime, refusedTimeNotOnClock, refusedTimeZone, refusedLabDuplicate
    case refusedLabFile, refusedLabRows, refusedMedicationActive, refusedMedicationUnknown
    case refusedMedicationNotActive, refusedDoseUnknown, refusedGoalCategory, refusedGoalTemplate
    case refusedGoalNotOffered, refusedGoalTarget, refusedGoalPeriod, refusedValue, refusedPortion
    case refusedMailAddress, refusedMailNotConfigured, refusedMailNotSent, mailTo, mailToHint, reportMailed
    case refusedReport, refusedOther, confirmUnusualHeading, confirmUnusual, syncFailedShort, notSavedShort
    case refusedNotADate, avatarTooLarge, avatarNotImage, avatarMissing, importNotRead
    case adapterNotRead, pairRefusedShort
    case refusedAnswerMissing, refusedAnswerRange, refusedAnswerNumber, refusedAnswerLong, refusedAnswerYesNo
}
