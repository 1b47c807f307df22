import { DomainError } from "~/domain/errors";
import { NO_NOTES_MESSAGE } from "./result-schema";

/** The spec's "Analysis failed: …" with the reason; shown to the admin as text. */
export class NotesAnalysisFailed extends DomainError {
  constructor(reason: string) {
    super("notesAnalysis.failed", `Analysis failed: ${reason}`, 502);
  }
}

/** "AI notes analysis needs at least one note." */
export class NoNotesToAnalyse extends DomainError {
  constructor() {
    super("notesAnalysis.noNotes", NO_NOTES_MESSAGE, 422);
  }
}
