/* crapette-refusal.c: the words that explain a refused move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-refusal.h"
#include "crapette-variant-private.h"

G_DEFINE_QUARK (crapette-move-error-quark, crapette_move_error)

/* The refusals of how a card is built on a pile, which name the pile's rule or a
 * card that must be played first; %NULL for the other refusals. */
static char *
format_building_refusal (CrapetteRefusal  refusal,
                         const char      *detail)
{
  switch (refusal)
    {
    case CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE:
      return g_strdup (_("A foundation starts with an Ace"));
    case CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE:
      return g_strdup (_("Foundations are built up in suit, one rank at a time"));
    case CRAPETTE_REFUSAL_HOUSE_SEQUENCE:
      return g_strdup (_("Houses are built down in alternating colors"));
    case CRAPETTE_REFUSAL_LOAD_SEQUENCE:
      return g_strdup (_("You can load the opponent only with a card of the same suit, one rank higher or lower"));
    case CRAPETTE_REFUSAL_FOUNDATION_FIRST:
      /* Translators: %s is a card such as 7♣ */
      return g_strdup_printf (_("The %s must go to a foundation first"), detail);
    case CRAPETTE_REFUSAL_FILL_FROM_RESERVE:
      /* Translators: %s is a card such as 7♣ */
      return g_strdup_printf (_("The house you emptied must be filled at once with the %s from your reserve"),
                              detail);
    case CRAPETTE_REFUSAL_RESERVE_FIRST:
      /* Translators: %s is a card such as 7♣ */
      return g_strdup_printf (_("The %s on your reserve must be played before you turn a card"), detail);

    case CRAPETTE_REFUSAL_DOUBLE_SUIT:
      return g_strdup (_("Tableau piles are built in double suits: the other suit of the same color, one rank higher or lower"));
    case CRAPETTE_REFUSAL_PILE_ASCENDS:
      return g_strdup (_("This pile goes up: the next card must be one rank higher"));
    case CRAPETTE_REFUSAL_PILE_DESCENDS:
      return g_strdup (_("This pile goes down: the next card must be one rank lower"));
    case CRAPETTE_REFUSAL_LOAD_DOUBLE_SUIT:
      return g_strdup (_("You can load the opponent's talon only with the other suit of the same color, one rank higher or lower"));
    case CRAPETTE_REFUSAL_FILL_SPACE_FIRST:
      return g_strdup (_("Fill the space you opened before you go on"));
    case CRAPETTE_REFUSAL_ONTO_COMPLETED:
      return g_strdup (_("Completed sequences are out of play"));
    case CRAPETTE_REFUSAL_NOT_LAID_OUT:
      return g_strdup (_("That row of the tableau is laid out by the dealer on their first turn"));
    case CRAPETTE_REFUSAL_NOTHING_TO_STOP:
      return g_strdup (_("There is nothing to stop"));
    case CRAPETTE_REFUSAL_NOT_SHOWN:
      return g_strdup (_("Wait until the card turned up is shown"));

    case CRAPETTE_N_REFUSALS:
    default:
      return NULL;
    }
}

/* Each message is one sentence that names the rule, so that a player who
 * tried the move learns the game from it. This part says where cards may come
 * from and go; format_building_refusal() says how they are built. */
static char *
format_refusal (const CrapettePosition *position,
                const CrapetteMove     *move,
                CrapetteRefusal         refusal,
                const char             *card,
                const char             *detail)
{
  gboolean american = position->variant == CRAPETTE_VARIANT_AMERICAN;
  char *message;

  switch (refusal)
    {
    case CRAPETTE_REFUSAL_NONE:
      return g_strdup (_("This move is allowed"));
    case CRAPETTE_REFUSAL_ROUND_OVER:
      return g_strdup (_("The round is over"));
    case CRAPETTE_REFUSAL_BAD_PILE:
      return g_strdup (_("There is no such pile on the table"));
    case CRAPETTE_REFUSAL_SAME_PILE:
      return g_strdup (_("A card cannot move onto its own pile"));
    case CRAPETTE_REFUSAL_EMPTY_SOURCE:
      return g_strdup (_("There is no card there to move"));
    case CRAPETTE_REFUSAL_CARD_MISMATCH:
      /* Translators: %s is a card such as 7♦ */
      return g_strdup_printf (_("The %s is not on top of that pile"), card);
    case CRAPETTE_REFUSAL_NOT_OWN_PILE:
      return g_strdup (american ? _("You can only play your own card in hand and the end cards of the tableau")
                                : _("You can only play from your own reserve, your own stock card and the houses"));
    case CRAPETTE_REFUSAL_FROM_WASTE:
      return g_strdup (american ? _("Cards are never taken back from a talon")
                                : _("Cards on a waste pile are never played again"));
    case CRAPETTE_REFUSAL_FROM_FOUNDATION:
      return g_strdup (american ? _("Completed sequences are out of play")
                                : _("Cards on a foundation stay there"));
    case CRAPETTE_REFUSAL_FROM_STOCK:
      return g_strdup (american ? _("Turn the top card of your hand to play it")
                                : _("Turn the top card of your stock to play it"));
    case CRAPETTE_REFUSAL_ONTO_STOCK:
      return g_strdup (american ? _("No card can be put on a hand or a card in hand")
                                : _("No card can be put on a stock or a turned card"));
    case CRAPETTE_REFUSAL_ONTO_OWN_RESERVE:
      return g_strdup (_("You cannot put cards on your own reserve"));
    case CRAPETTE_REFUSAL_ONTO_OWN_WASTE:
      return g_strdup (american ? _("Only the card in hand can go on your own talon")
                                : _("Only the card turned from your stock can go on your own waste"));
    case CRAPETTE_REFUSAL_LOAD_EMPTY:
      return g_strdup (american ? _("You can load the opponent's talon only when it has a card")
                                : _("You can load the opponent's piles only when they have a card"));
    case CRAPETTE_REFUSAL_POINTLESS:
      return g_strdup (_("Moving a lone card to an empty space changes nothing"));
    case CRAPETTE_REFUSAL_CARD_PENDING:
      return g_strdup (american ? _("Play or discard the card in your hand before turning another")
                                : _("Play the turned card or put it on your waste before turning another"));
    case CRAPETTE_REFUSAL_NOTHING_TO_TURN:
      return g_strdup (american ? _("Your hand and talon are empty: there is no card to turn")
                                : _("Your stock and waste are empty: there is no card to turn"));
    case CRAPETTE_REFUSAL_CANNOT_END_TURN:
      return g_strdup (american ? _("Your turn ends when you put the card in hand on your talon")
                                : _("Your turn ends when you put the turned card on your waste"));
    default:
      break;
    }

  message = format_building_refusal (refusal, detail);
  return message != NULL ? message : g_strdup (_("This move is not allowed"));
}

/* The message that explains @refusal of @move in @position; @detail is the
 * card the refusal names, or %CRAPETTE_CARD_NONE. */
char *
crapette_refusal_message (const CrapettePosition *position,
                          const CrapetteMove     *move,
                          CrapetteRefusal         refusal,
                          CrapetteCard            detail)
{
  g_autofree char *card_name = NULL;
  g_autofree char *detail_name = NULL;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  card_name = crapette_card_is_real (move->card) ? crapette_card_display_name (move->card)
                                                 : g_strdup ("?");
  detail_name = crapette_card_is_real (detail) ? crapette_card_display_name (detail)
                                               : g_strdup ("?");
  return format_refusal (position, move, refusal, card_name, detail_name);
}

/* Why the call of "Stop!" by @seat in a record is refused when the call is not theirs to
 * make: in their own turn once they have moved, a call would stop their own moves; else
 * it is the other player, not yet moved, who is to move. Records name the seats South and
 * North, so the sentences do too. */
char *
crapette_refusal_call_out_of_turn (const CrapettePosition *position,
                                   CrapetteSeat            seat)
{
  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  if (seat == position->to_move)
    return g_strdup (seat == CRAPETTE_SOUTH
                       ? _("South has moved in this turn: only North may call “Stop!” now")
                       : _("North has moved in this turn: only South may call “Stop!” now"));
  return g_strdup (seat == CRAPETTE_SOUTH ? _("It is North's turn, not South's")
                                          : _("It is South's turn, not North's"));
}

/* What the player called out missed, said as the call: "Stop! You did not
 * play the 5♥ to a foundation". @offender is the name of the player who broke
 * the duty, or %NULL when it is the person reading ("you"); @duty and @detail
 * are those of the breach (crapette_round_get_breach()). */
char *
crapette_refusal_breach_message (CrapetteRefusal  duty,
                                 CrapetteCard     detail,
                                 const char      *offender)
{
  g_autofree char *card = crapette_card_is_real (detail) ? crapette_card_display_name (detail)
                                                         : g_strdup ("?");

  g_return_val_if_fail (crapette_refusal_is_duty (duty), NULL);

  /* Each sentence comes twice, addressed to the person and naming another
   * player, since many languages conjugate the verb for each. */
  switch (duty)
    {
    case CRAPETTE_REFUSAL_FOUNDATION_FIRST:
      if (offender == NULL)
        /* Translators: the call of a missed move; %s is a card such as 5♥ */
        return g_strdup_printf (_("Stop! You did not play the %s to a foundation"), card);
      /* Translators: the call of a missed move; %1$s is a player, %2$s a card such as 5♥ */
      return g_strdup_printf (_("Stop! %1$s did not play the %2$s to a foundation"), offender, card);
    case CRAPETTE_REFUSAL_FILL_FROM_RESERVE:
      if (offender == NULL)
        /* Translators: the call of a missed move; %s is a card such as 5♥ */
        return g_strdup_printf (_("Stop! You did not fill the emptied house with the %s from your reserve"),
                                card);
      /* Translators: the call of a missed move; %1$s is a player, %2$s a card such as 5♥ */
      return g_strdup_printf (_("Stop! %1$s did not fill the emptied house with the %2$s from the reserve"),
                              offender, card);
    case CRAPETTE_REFUSAL_RESERVE_FIRST:
      if (offender == NULL)
        /* Translators: the call of a missed move; %s is a card such as 5♥ */
        return g_strdup_printf (_("Stop! You turned a card before playing the %s from your reserve"),
                                card);
      /* Translators: the call of a missed move; %1$s is a player, %2$s a card such as 5♥ */
      return g_strdup_printf (_("Stop! %1$s turned a card before playing the %2$s from the reserve"),
                              offender, card);
    case CRAPETTE_REFUSAL_FILL_SPACE_FIRST:
    default:
      if (offender == NULL)
        /* Translators: the call of a missed move in American Bank */
        return g_strdup (_("Stop! You did not fill the space you opened"));
      /* Translators: the call of a missed move in American Bank; %s is a player */
      return g_strdup_printf (_("Stop! %s did not fill the space they opened"), offender);
    }
}
