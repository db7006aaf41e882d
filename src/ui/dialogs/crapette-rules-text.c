/* crapette-rules-text.c: the rules of both games, in the player's language
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-rules-text.h"

/*
 * The text follows docs/rules.md section by section; when the rule book changes, this file
 * changes with it. The rules are kept as data rather than in the .ui file so that each
 * paragraph, heading and picture is one entry here, in reading order, with its translator
 * comment beside it.
 */

/* The last words of both games' pages (docs/rules.md, "Playing over the network"). */
static const char network_play[] =
  /* TRANSLATORS: "program" is each player's copy of the game */
  N_("With a friend over the network, the cards are dealt so that neither program can read a "
     "card face down (unless turned off in Preferences, Hide Face-Down Cards): each card is "
     "shown only when the rules turn it up, with a key from both programs, and the whole deal "
     "is checked at the end of the round. A card you have seen stays known to your own "
     "program. If the friend’s program cannot do this, the deal is still fair, but not "
     "hidden.");

static const CrapetteRulesBlock russian_bank_rules[] = {
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Russian Bank, also called Crapette, is a race between two players: each tries to be the "
       "first to get rid of all their own cards. It is played with two packs of 52 cards with "
       "different backs, one for each player. Cards rank from the Ace (low) to the King (high); "
       "diamonds and hearts are red, clubs and spades black.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The Table") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Each player deals from their own pack a reserve of 13 cards face down with its top card "
       "turned face up, one card face up on each of their four houses, and the other 35 cards "
       "face down as their stock. Each player also has a turned card, the one just turned up "
       "from the stock, and a waste pile, face up.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Between the players lie the eight houses, four on each side, and eight foundations, "
       "empty at first. Either player may use any house and any foundation.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Who Plays First") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The player whose face-up reserve card is lower plays first. If the two cards are of the "
       "same rank, the houses are compared in the order they were dealt, each with the one "
       "opposite; if everything ties, South starts. With the option “take turns to start”, "
       "South starts the first round of a match and North the second, and so on.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Which Cards You May Play") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("On your turn you may move only the top card of your own reserve, your turned card and "
       "the top card of any house. You never play a card from a stock, a waste or a "
       "foundation, nor your opponent’s reserve or turned card.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Where a Card May Go") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Foundations are built up in suit from the Ace to the King. An Ace may go on any empty "
       "foundation. The two packs mix: a Two of clubs from either pack goes on an Ace of "
       "clubs from either pack.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "A♣ 2♣ 3♣",
    /* Translators: the caption of a picture of a foundation; "A♣" is the Ace of clubs */
    N_("A foundation: A♣, 2♣, 3♣, built up in suit") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Houses are built down in alternating colors: a card goes on a house whose top card is "
       "one rank higher and of the other color. Any card may go on an empty house. Moving a "
       "house’s only card to another empty house is not allowed, since it changes nothing.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "7♠ 6♥ 5♣",
    /* Translators: the caption of a picture of a house holding 7♠, 6♥ and 5♣ */
    N_("A house: a red 6 on a black 7, then a black 5") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("You may load your opponent: put a card on the top card of their reserve or waste when "
       "it is of the same suit and one rank higher or lower. The King and the Ace are not "
       "neighbors, and an empty reserve or waste can never be loaded. Loaded cards become your "
       "opponent’s: they must get rid of them too.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "7♥ 8♥, 7♥ 6♥",
    /* Translators: the caption of two pictures, 8♥ on 7♥ and 6♥ on 7♥ */
    N_("Loading: the 8♥ or the 6♥ on the opponent’s 7♥") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Your own waste takes only your own turned card, and putting it there ends your turn; "
       "you may do it even when the card could be played elsewhere. Nothing may be put on your "
       "own reserve, on a stock or on a turned card.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The Order of Play") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("A turn has an order that you must keep. It is checked again after every card played.") },
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("Foundations first") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("While any card you may move can go to a foundation, you must play a card to a "
       "foundation. When several can, you choose which.") },
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("Fill an emptied house from the reserve") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("When you empty a house during your turn, you must fill it at once with the top card of "
       "your reserve; only moves to a foundation may come first. Houses that were already empty "
       "when your turn began carry no such duty. Once your reserve is empty you may fill the "
       "house with any card or leave it empty.") },
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("The reserve before the stock") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("You may not turn a card from your stock while the top card of your reserve can be "
       "played on a house, an empty one included, or on your opponent’s reserve or waste.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Turning the Stock") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("When none of these rules stops you, turn the top card of your stock face up. You must "
       "play it or put it on your own waste before turning another. After a card is played, "
       "the order of play applies again: you may play from your reserve and the houses, turn "
       "again, and so on.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("When your stock is empty and you turn, your whole waste is first turned over as a new "
       "stock, without shuffling, and its top card is turned up.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The End of a Turn") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Your turn ends when you put your turned card on your own waste. With nothing left to "
       "turn (no turned card, no stock and no waste) you may end your turn without moving, "
       "unless a foundation move or an emptied house still requires a move. A turn that ends "
       "without any card having moved is a pass.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The End of a Round") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("A player who gets rid of every card of their reserve, stock, waste and turned card wins "
       "the round at once.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The round is blocked when both players pass one after the other, when the same "
       "position comes up for the third time with the same player to move, or when 50 turns in "
       "a row go by without progress (the number can be changed in Preferences). A turn makes "
       "progress when a card reaches a foundation, or when at its end either player has fewer "
       "cards left than ever before in the round.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Scoring") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Each player’s cards left are counted: 2 for each reserve card, 1 for each stock, waste "
       "or turned card. The winner of a round scores 30 points plus the opponent’s count. In a "
       "blocked round, the player with the lower count scores the difference between the two "
       "counts; if they are equal nobody scores.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("For example, South goes out while North still has 2 reserve cards, 2 stock cards and 1 "
       "waste card. North’s count is 2 × 2 + 3 = 7, and South scores 37.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The Match") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The old rule books play a match to 300 points, and so does Crapette unless you choose "
       "another target, or single rounds, in Preferences. The reserve can also be made 12 cards "
       "instead of 13.") },

  /* The hidden deal of a network match (docs/network.md "Hidden cards"). */
  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Playing Over the Network") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL, network_play },
};

static const CrapetteRulesBlock american_bank_rules[] = {
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("American Bank is Bill Perkins’ two-player cousin of Russian Bank. It is played with a "
       "single pack of 52 cards and built in double suits. Both players share one tableau and "
       "race to get rid of their cards.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The Table") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Each player has a hand of cards face down, a card in hand (the card just turned up from "
       "the hand, at most one) and a talon, their discard pile, face up. There are no "
       "reserves.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Between the players lies the tableau: eight piles in two rows, four on each player’s "
       "side. Piles of 13 finished cards are set aside face down as completed sequences, out of "
       "play.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The Deal") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The pack is shuffled and dealt one card at a time, face down, starting with the player "
       "who is not dealing, until each player holds 26 cards. The first dealer of a match is "
       "drawn at random; after that the deal alternates from round to round.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The non-dealer plays first and begins by laying the top four cards of their hand face "
       "up, one on each pile of their own row. The dealer lays out their row in the same way "
       "when their first turn begins; until then nobody may play onto it.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Double Suits") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("A card is built on a card of the other suit of the same color that is one rank higher "
       "or lower: hearts on diamonds and diamonds on hearts, spades on clubs and clubs on "
       "spades.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "8♦ 9♥ 10♦",
    /* Translators: the caption of a picture of a tableau pile holding 8♦, 9♥ and 10♦ */
    N_("Double suits: 9♥ on 8♦, then 10♦ going up") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Ranks go round the corner: the Ace is next to both the 2 and the King, so Queen, King, "
       "Ace, Two is a sequence in either direction.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "Q♠ K♣ A♠ 2♣",
    /* Translators: the caption of a picture of a tableau pile holding Q♠, K♣, A♠ and 2♣ */
    N_("Round the corner: Q♠, K♣, A♠, 2♣") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Building on the Tableau") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("An empty space takes any single card, but a pile’s only card may not move into an "
       "empty space. A pile of one card takes a double-suit card one rank higher or lower. The "
       "second card fixes the pile’s direction: from then on every card must go the same way, "
       "up or down.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("When a pile reaches 13 cards it is complete: it is turned face down and set aside as a "
       "completed sequence, and its place becomes an empty space.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Cards move one at a time. You may play your card in hand and the top card, the end "
       "card, of any tableau pile. You never play from a hand, a talon or a completed sequence, "
       "nor your opponent’s card in hand.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("A Turn") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Turn the top card of your hand face up: it becomes your card in hand, and you may not "
       "turn another while it is there. Play it if you like, on the tableau or on your "
       "opponent’s talon; between turns of cards you may also move end cards from pile to pile "
       "or load them on your opponent’s talon. When your card in hand is played, turn the next "
       "one.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Your turn ends when you put your card in hand on your own talon: you must when it "
       "cannot be played, and you may even when it could. Only the card in hand may go on your "
       "own talon, and this is the only way to end a turn.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("When your hand is empty and you need to turn a card, your talon is turned over to "
       "become your new hand, so that the card you discarded first comes up first.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Loading the Opponent’s Talon") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("At any time in your turn you may put your card in hand, or an end card from the "
       "tableau, on your opponent’s talon if it is a double-suit card one rank higher or lower "
       "than the talon’s top card. An empty talon cannot be loaded. Loading does not end your "
       "turn.") },
  { CRAPETTE_RULES_BLOCK_CARDS, "5♣ 4♠, 5♣ 6♠",
    /* Translators: the caption of two pictures, 4♠ on 5♣ and 6♠ on 5♣ */
    N_("Loading: the 4♠ or the 6♠ on the opponent’s 5♣") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Spaces You Open") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("If during your turn you empty a tableau pile, by moving its last card away or by "
       "completing a sequence, you owe that space a card. While it is empty and some card could "
       "fill it (your card in hand, or the end card of a pile of two or more cards) you may "
       "neither turn a card nor discard. Spaces you did not open in this turn carry no duty, "
       "and either player may fill them.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("The End of a Round") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The first player to get rid of every card, with hand, card in hand and talon all empty, "
       "wins the round. Cards on the tableau and in completed sequences belong to nobody.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("The round is blocked when the same position comes up for the third time, or when 50 "
       "turns in a row go by without progress (the number can be changed in Preferences). A "
       "turn makes progress when a sequence is completed in it, or when at its end either "
       "player has fewer cards left than ever before in the round. In a blocked round the "
       "player with fewer cards left wins; with equal counts nobody does.") },

  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Scoring and the Match") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Each round won scores 1 point. The players agree how many rounds make a match, best of "
       "three unless you choose otherwise in Preferences: the first player to win most of them "
       "wins the match.") },

  /* The hidden deal of a network match (docs/network.md "Hidden cards"). */
  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Playing Over the Network") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL, network_play },
};

/* Returns the rules of @variant, @n_blocks of them, as docs/rules.md sets them out. */
const CrapetteRulesBlock *
crapette_rules_text_get (CrapetteVariant  variant,
                         gsize           *n_blocks)
{
  g_return_val_if_fail (n_blocks != NULL, NULL);

  if (variant == CRAPETTE_VARIANT_AMERICAN)
    {
      *n_blocks = G_N_ELEMENTS (american_bank_rules);
      return american_bank_rules;
    }
  *n_blocks = G_N_ELEMENTS (russian_bank_rules);
  return russian_bank_rules;
}
