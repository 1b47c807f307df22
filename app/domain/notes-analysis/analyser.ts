import type { AnalysisBody } from "./result-schema";

/** The notes of one property, as an analyser receives them. */
export type NotesAnalysisInput = {
  propertyId: string;
  propertyName: string;
  /** The note texts, newest first; untrusted user input. */
  notes: string[];
};

/**
 * One interface for every way of analysing notes (the offline analyser, a model behind an
 * OpenAI-compatible API). It returns the judgement; the caller adds the facts and
 * validates the whole result before storing it. Failures throw NotesAnalysisFailed.
 */
export type NotesAnalyser = {
  /** "offline" or "model:<name>", stored with each result. */
  name: string;
  /** How it works, in one line, shown next to the result. */
  method: string;
  analyse(input: NotesAnalysisInput): Promise<AnalysisBody>;
};
