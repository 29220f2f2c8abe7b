import { isGramscoreError } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { JA_MECAB_SIGNATURE, createJaMecab, plugin, tokenizeJaMecab } from "../src/index.js";

// MeCab 0.996 -Owakati with the reference dictionary (sys.dic sha256 2409d7ab…) on each text.
const MECAB: [string, string][] = [
  ["東京都に住んでいます。iPhone 15を買いました", "東京 都 に 住ん で い ます 。 iPhone 15 を 買い まし た"],
  ["すもももももももものうち", "すもも も もも も もも の うち"],
  // KATAKANA groups runs of at most 24 characters after the first; a longer run gets no group node.
  ["カタカナカタカナカタカナカタカナカタカナカタカナカタカナカタカナカタカナ語", "カタカナ カタカナ カタカナ カタカナカタカナカタカナカタカナカタカナカタカナ 語"],
  // U+3000 is a SYMBOL to MeCab, not a space: it is a token of its own.
  ["ｱｲｳｴｵ　全角　スペース", "ｱｲｳｴｵ 　 全角 　 スペース"],
  // Characters outside the BMP are read as U+0000 (DEFAULT, grouped).
  ["絵文字😀を含む😀😀文", "絵文字 😀 を 含む 😀😀 文"],
  // Tabs and spaces are skipped before a token.
  ["タブ\tと  二つの空白", "タブ と 二つ の 空白"],
  ["一二三四五六七八九十百千万億兆", "一 二 三 四 五 六 七 八 九 十 百 千 万 億 兆"],
  // 0x00D0 is listed as SPACE, then as ALPHA: ALPHA.
  ["Ð and Ñ ΑΒΓ абв", "Ð and Ñ Α Β Γ абв"],
  ["1,234.56円と１２３円", "1 , 234 . 56 円 と １ ２ ３ 円"],
  ["漢字漢字漢字", "漢字 漢字 漢字"],
];

describe("tokenizeJaMecab", () => {
  it.each(MECAB)("%s", (text, expected) => {
    expect(tokenizeJaMecab(text)).toBe(expected);
  });

  it("strips the text first and the output after, as sacrebleu does", () => {
    expect(tokenizeJaMecab("  \t東京都に住んでいます \n")).toBe("東京 都 に 住ん で い ます");
    expect(tokenizeJaMecab("")).toBe("");
    expect(tokenizeJaMecab(" \u3000\n")).toBe("");
  });

  it("rejects a value that is not a string", () => {
    let error: unknown;
    try {
      tokenizeJaMecab(42 as unknown as string);
    } catch (e) {
      error = e;
    }
    expect(isGramscoreError(error) && error.code).toBe("INVALID_TYPE");
  });
});

describe("createJaMecab and the plugin", () => {
  it("is named ja-mecab with sacrebleu's signature and splits the output as str.split()", () => {
    const tok = createJaMecab();
    expect([tok.name, tok.signature]).toEqual(["ja-mecab", JA_MECAB_SIGNATURE]);
    expect(JA_MECAB_SIGNATURE).toBe("ja-mecab-0.996-IPA");
    // The U+3000 token is whitespace to Python: BLEU never sees it.
    expect(tok.tokenize("全角　スペース")).toEqual(["全角", "スペース"]);
  });

  it("registers ja-mecab", () => {
    expect(plugin.tokenizers!.map((t) => t.name)).toEqual(["ja-mecab"]);
    expect(plugin.tokenizers![0]!.create(undefined).signature).toBe("ja-mecab-0.996-IPA");
  });
});
