/**
 * Sample data for `gramscore demo`, written for this project: short English translations by two
 * systems with two references each, and short multi-sentence summaries (sentences separated by
 * "\n") by two systems with one reference each.
 */

/** One sample segment. */
export interface DemoRecord {
  readonly system: string;
  readonly hyp: string;
  readonly refs: readonly string[];
}

/** A titled sample data set. */
export interface DemoSet {
  readonly title: string;
  readonly records: readonly DemoRecord[];
}

/** [reference A, reference B, system "careful", system "hasty"] */
const TRANSLATIONS: readonly (readonly [string, string, string, string])[] = [
  [
    "The city council approved the new budget on Tuesday evening.",
    "On Tuesday evening, the city council passed the new budget.",
    "The city council approved the new budget on Tuesday evening.",
    "The town council has approved the new budget Tuesday night.",
  ],
  [
    "Heavy rain is expected in the north for the rest of the week.",
    "The north should expect heavy rain for the remainder of the week.",
    "Heavy rain is expected in the north for the rest of the week.",
    "Strong rain is expected in north for rest of week.",
  ],
  [
    "The museum will reopen its doors to visitors in early spring.",
    "The museum is set to welcome visitors again early in the spring.",
    "The museum will open its doors again to visitors in the early spring.",
    "Museum reopens doors for visitors at beginning of spring.",
  ],
  [
    "Researchers found that the bridge needs urgent repairs.",
    "According to researchers, the bridge is in urgent need of repair.",
    "Researchers have found that the bridge needs urgent repairs.",
    "The researchers found the bridge needs repairs urgently.",
  ],
  [
    "Tickets for the concert sold out within ten minutes.",
    "The concert sold out in ten minutes.",
    "Tickets for the concert were sold out within ten minutes.",
    "The tickets of the concert sold out in ten minutes.",
  ],
  [
    "The company plans to hire two hundred new employees next year.",
    "Next year the firm intends to take on 200 new staff.",
    "The company plans to hire 200 new employees next year.",
    "The company is planning to employ two hundred new workers in the next year.",
  ],
  [
    "Local farmers are worried about the long dry summer.",
    "The long, dry summer has local farmers concerned.",
    "Local farmers are worried about the long, dry summer.",
    "Farmers here worry about long dry summer.",
  ],
  [
    "The train to Berlin was delayed by almost an hour.",
    "The Berlin train ran nearly an hour late.",
    "The train to Berlin was delayed by almost one hour.",
    "The train after Berlin had a delay of nearly an hour.",
  ],
  [
    "She thanked everyone who had helped to organise the festival.",
    "She expressed her thanks to all those who helped organise the festival.",
    "She thanked everyone who had helped organise the festival.",
    "She said thank you to all who helped with organizing of the festival.",
  ],
  [
    "The new law will come into force on the first of January.",
    "The new legislation takes effect on January 1.",
    "The new law will enter into force on 1 January.",
    "The new law comes in force at the first January.",
  ],
  [
    "Police are asking witnesses to come forward.",
    "The police have appealed for witnesses.",
    "The police are asking witnesses to come forward.",
    "Police ask witnesses to report themselves.",
  ],
  [
    "The school has introduced free lunches for all pupils.",
    "All pupils at the school now receive a free lunch.",
    "The school has introduced free lunch for all students.",
    "The school introduced free lunches for every pupil.",
  ],
  [
    "Prices for fresh vegetables rose sharply in March.",
    "Fresh vegetable prices climbed steeply in March.",
    "Prices of fresh vegetables rose sharply in March.",
    "In March the fresh vegetables got much more expensive.",
  ],
  [
    "The team won the final after a dramatic penalty shoot-out.",
    "After a dramatic penalty shoot-out, the team won the final.",
    "The team won the final after a dramatic penalty shootout.",
    "The team has won the final by dramatic penalties.",
  ],
  [
    "Experts warn that the glacier could disappear within fifty years.",
    "According to experts, the glacier may vanish within 50 years.",
    "Experts warn that the glacier could disappear within 50 years.",
    "Experts are warning the glacier can disappear in fifty years.",
  ],
  [
    "The library now lends out tools as well as books.",
    "Besides books, the library now also lends tools.",
    "The library now lends tools as well as books.",
    "The library is now lending tools, and also books.",
  ],
];

/** [reference, system "extractive", system "abstractive"]; sentences end at "\n". */
const SUMMARIES: readonly (readonly [string, string, string])[] = [
  [
    "A storm left thousands of homes without power on the coast.\nRepair crews expect to restore electricity by Friday.",
    "Thousands of homes on the coast lost power after a storm hit on Monday.\nThe utility said crews are working around the clock.",
    "A storm cut power to thousands of coastal homes.\nCrews hope to restore electricity by Friday.",
  ],
  [
    "The city will plant ten thousand trees over the next five years.\nThe plan aims to cool streets during summer heat waves.",
    "The city announced a plan to plant ten thousand trees.\nOfficials said the trees would be planted over five years.",
    "Ten thousand trees will be planted in the city within five years.\nThey are meant to keep streets cooler in heat waves.",
  ],
  [
    "A local bakery has won a national award for its sourdough bread.\nThe owners started the business in their garage six years ago.",
    "The bakery won the national bread award on Sunday.\nIts sourdough was praised by the judges.",
    "A bakery that began in a garage six years ago won a national sourdough award.",
  ],
  [
    "Scientists have discovered a new species of frog in the rainforest.\nThe tiny frog is smaller than a fingernail.\nIts habitat is threatened by logging.",
    "Scientists discovered a new species of frog in the rainforest.\nThe frog is smaller than a fingernail.",
    "A frog smaller than a fingernail has been found in the rainforest.\nLogging threatens where it lives.",
  ],
  [
    "The football club has appointed a new head coach.\nHe previously led the youth team to two league titles.",
    "The club confirmed the appointment of its new head coach on Wednesday.\nHe had coached the youth team.",
    "The club named the former youth team coach, who won two league titles, as head coach.",
  ],
  [
    "Train fares will rise by three percent in January.\nPassenger groups say the increase is unfair while delays continue.",
    "Fares on trains will go up by three percent from January.\nThe rail operator blamed higher energy costs.",
    "Train fares rise three percent in January.\nPassenger groups call the increase unfair given ongoing delays.",
  ],
];

/** The demo's data sets: translations first, then summaries. */
export const DEMO_SETS: readonly DemoSet[] = [
  {
    title: `Translation sample (${TRANSLATIONS.length} segments, 2 references each)`,
    records: ["careful", "hasty"].flatMap((system, s) =>
      TRANSLATIONS.map((row) => ({ system, hyp: row[2 + s]!, refs: [row[0], row[1]] })),
    ),
  },
  {
    title: `Summary sample (${SUMMARIES.length} documents, 1 reference each)`,
    records: ["extractive", "abstractive"].flatMap((system, s) => SUMMARIES.map((row) => ({ system, hyp: row[1 + s]!, refs: [row[0]] }))),
  },
];
