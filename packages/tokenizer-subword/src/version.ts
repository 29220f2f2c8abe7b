/** The version of @gramscore/tokenizer-subword. */
export const VERSION = "0.1.0";
