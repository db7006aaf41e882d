/* crapette-rules.c: the rule options of a round — their defaults, their limits, and the
 * settings that choose them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The options as text are read and written by crapette-notation-rules.c; this file
 * knows what values they may take and reads the ones the player chose in the settings.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-rules.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/* The default rule options of docs/rules.md. */
void
crapette_rules_init_default (CrapetteRules *rules)
{
  g_return_if_fail (rules != NULL);

  memset (rules, 0, sizeof *rules);
  rules->reserve_size = 13;
  rules->first_player = CRAPETTE_FIRST_PLAYER_LOW_CARD;
  rules->idle_turn_limit = 50;
  rules->mistakes = CRAPETTE_MISTAKES_PREVENTED;
}

/* Whether every rule option is within its range. */
gboolean
crapette_rules_validate (const CrapetteRules  *rules,
                         GError              **error)
{
  g_return_val_if_fail (rules != NULL, FALSE);

  if (rules->reserve_size != 12 && rules->reserve_size != 13)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The reserve holds 12 or 13 cards, not %u"), rules->reserve_size);
      return FALSE;
    }
  if (rules->first_player > CRAPETTE_FIRST_PLAYER_ALTERNATE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Unknown rule for who starts"));
      return FALSE;
    }
  if (rules->idle_turn_limit < CRAPETTE_IDLE_TURN_LIMIT_MIN ||
      rules->idle_turn_limit > CRAPETTE_IDLE_TURN_LIMIT_MAX)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The limit of turns without progress must be between %d and %d, not %u"),
                   CRAPETTE_IDLE_TURN_LIMIT_MIN, CRAPETTE_IDLE_TURN_LIMIT_MAX,
                   rules->idle_turn_limit);
      return FALSE;
    }
  if (rules->mistakes > CRAPETTE_MISTAKES_CALLED)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("Unknown rule for mistakes"));
      return FALSE;
    }
  return TRUE;
}

/* Sets @rules to the options chosen in @settings (the game's schema: "reserve-size",
 * "first-player", "idle-turn-limit", "mistakes"), or to the defaults if together they could not
 * be played (an old or edited value). */
void
crapette_rules_init_from_settings (CrapetteRules *rules,
                                   GSettings     *settings)
{
  CrapetteRules chosen;

  g_return_if_fail (rules != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  crapette_rules_init_default (rules);
  chosen = *rules;
  chosen.reserve_size = (guint8) g_settings_get_int (settings, "reserve-size");
  chosen.first_player = (guint8) g_settings_get_enum (settings, "first-player");
  chosen.idle_turn_limit = (guint16) g_settings_get_int (settings, "idle-turn-limit");
  chosen.mistakes = (guint8) g_settings_get_enum (settings, "mistakes");
  if (crapette_rules_validate (&chosen, NULL))
    *rules = chosen;
}
