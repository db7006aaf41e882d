/* crapette-rules-keyboard.c: how to play without a mouse and without seeing the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The last section of each page of the Rules window. It is not in docs/rules.md, which is
 * the rule book of the games; it is how this program lets a person play them by keyboard
 * and with a screen reader. The keys are those crapette-table-input.c and
 * crapette-table-names.c bind, and the Keyboard Shortcuts window lists; the words quoted
 * are those a screen reader hears (crapette_describe_pile() and the table's reading keys).
 * Only the paragraphs naming the piles differ between the games.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "crapette-rules-text.h"

static const CrapetteRulesBlock keyboard_head[] = {
  { CRAPETTE_RULES_BLOCK_HEADING, NULL, N_("Playing by Keyboard and with a Screen Reader") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Crapette can be played without a mouse and without seeing the table. Each pile is a "
       "button that takes the keyboard focus, and a screen reader such as Orca reads its name: "
       "what the pile is, how many cards it holds and its top card. A pile whose top card lies "
       "face down says “face down”, and an empty place says what it is, so that you know what "
       "may go there. The window opens with the focus on the table.") },
};

/* The piles' names and the keys that jump to them, as each game names its piles. */
static const CrapetteRulesBlock keyboard_piles[CRAPETTE_N_VARIANTS][2] = {
  [CRAPETTE_VARIANT_RUSSIAN] = {
    { CRAPETTE_RULES_BLOCK_TEXT, NULL,
      N_("A house is read with its number and top card, as in “House 3, 2 cards, top card Six "
         "of Hearts”; a foundation likewise, or “Foundation 2, empty”. Against the computer, "
         "your own piles are “your stock”, “your turned card”, “your waste pile” and “your "
         "reserve”, and its piles are “the computer’s”.") },
    { CRAPETTE_RULES_BLOCK_TEXT, NULL,
      N_("The arrow keys move to the nearest pile in that direction, as the table is laid out, "
         "and Tab goes through the piles one by one. The digits 1 to 8 jump to house 1 to 8, "
         "and Ctrl with 1 to 8 to foundation 1 to 8. D, C, W and R jump to the stock, turned "
         "card, waste pile and reserve of the player to move, your own on your turn; Shift "
         "with the same letter jumps to the other player’s.") },
  },
  [CRAPETTE_VARIANT_AMERICAN] = {
    { CRAPETTE_RULES_BLOCK_TEXT, NULL,
      N_("A tableau pile is read with its number, its direction and both of its ends, as in "
         "“Tableau pile 3, 4 cards, going up from Two of Spades, top card Five of Clubs”; a "
         "pile of one card has no direction yet. A completed sequence lies face down. Against the "
         "computer, your own piles are “your hand”, “your card in hand” and “your talon”, and "
         "its piles are “the computer’s”.") },
    { CRAPETTE_RULES_BLOCK_TEXT, NULL,
      N_("The arrow keys move to the nearest pile in that direction, as the table is laid out, "
         "and Tab goes through the piles one by one. The digits 1 to 8 jump to tableau pile 1 "
         "to 8, and Ctrl with 1 to 4 to completed sequence 1 to 4. D, C and W jump to the hand, "
         "card in hand and talon of the player to move, your own on your turn; Shift with the "
         "same letter jumps to the other player’s.") },
  },
};

static const CrapetteRulesBlock keyboard_tail[] = {
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("Playing a Card") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Enter or Space picks up the top card of the pile in focus. That pile then says "
       "“Holding the Seven of Clubs”, and each pile that may take the card says “Can take the "
       "Seven of Clubs”. Move to one of them and press Enter or Space again to put the card "
       "down there; Escape puts it back. A move the rules forbid is refused in words, and the "
       "card stays where it was.") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("T turns the top card of your stock or hand, wherever the focus is; so does Enter on the "
       "stock itself. H shows a good move, and with mistakes called, S calls “Stop!” on a move "
       "the other player missed.") },
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("Reading the Table") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("I reads the pile in focus card by card, from the bottom up. L says where the card you "
       "hold can go, or that it can go nowhere. P reads the whole position, pile by pile, in "
       "one go.") },
  { CRAPETTE_RULES_BLOCK_SUBHEADING, NULL, N_("What You Hear") },
  { CRAPETTE_RULES_BLOCK_TEXT, NULL,
    N_("Without moving the focus, the game announces each move of the computer as it is "
       "played, naming the card and both piles, and a card loaded onto your own piles; why a "
       "move of yours was refused; whose turn it is when a turn ends; and who won the round, "
       "or that it was blocked. While the computer plays you may move around and read the "
       "table, but not play. The move history (F9) lists every move of the round in words, "
       "and the Keyboard Shortcuts window (Ctrl+?) lists every key.") },
};

/* Returns the section on playing by keyboard and with a screen reader, as it is for @variant:
 * a new array of CrapetteRulesBlock. */
GArray *
crapette_rules_keyboard_get (CrapetteVariant variant)
{
  GArray *blocks;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);

  blocks = g_array_new (FALSE, FALSE, sizeof (CrapetteRulesBlock));
  g_array_append_vals (blocks, keyboard_head, G_N_ELEMENTS (keyboard_head));
  g_array_append_vals (blocks, keyboard_piles[variant], G_N_ELEMENTS (keyboard_piles[variant]));
  g_array_append_vals (blocks, keyboard_tail, G_N_ELEMENTS (keyboard_tail));
  return blocks;
}
