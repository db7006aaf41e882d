/* crapette-round-summary.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The summary reads everything from the match, after the match has counted
 * the round: the result, the running score and, after the last round, the
 * match result. So what it shows is what the score bar and the scoreboard
 * were given, never a second reckoning of its own. The points are written
 * out category by category in the words of docs/rules.md, one row each, and
 * the rows always add up to the points the match added.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-round-summary-private.h"

#include <glib/gi18n.h>

#include "crapette-locale.h"
#include "crapette-names.h"

/* What a Russian Bank winner scores for going out, before the loser's cards. */
#define WINNERS_BONUS 30

struct _CrapetteRoundSummary
{
  AdwWindow parent_instance;

  CrapetteMatch *match;
  guint round_index;

  AdwWindowTitle *window_title;
  GtkLabel *heading_label;
  GtkLabel *reason_label;
  GtkBox *groups_box;
  GtkLabel *match_result_label;
  GtkBox *match_box;
  GtkWidget *next_round_button;
  GtkWidget *new_match_button;
};

G_DEFINE_FINAL_TYPE (CrapetteRoundSummary, crapette_round_summary, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_MATCH,
  PROP_ROUND_INDEX,
  N_PROPS
};

enum {
  NEXT_ROUND,
  NEW_MATCH,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char *
seat_id (CrapetteSeat seat)
{
  return seat == CRAPETTE_SOUTH ? "south" : "north";
}

static const char *
player_name (CrapetteRoundSummary *self,
             CrapetteSeat          seat)
{
  return crapette_summary_player_name (self->match, seat);
}

static gboolean
is_you (CrapetteRoundSummary *self,
        CrapetteSeat          seat)
{
  return crapette_summary_is_you (self->match, seat);
}

/* Whether @seat is the computer with no name given, whose piles are "the computer’s". */
static gboolean
is_computer (CrapetteRoundSummary *self,
             CrapetteSeat          seat)
{
  return crapette_player_person (crapette_match_get_opponent (self->match), seat,
                                 crapette_match_get_player_name (self->match, seat)) ==
         CRAPETTE_PLAYER_COMPUTER;
}

/* The two rows of one player's Russian Bank count: reserve cards at 2, the others at 1. */
static void
add_russian_count_rows (CrapetteRoundSummary      *self,
                        GtkWidget                 *group,
                        const CrapetteRoundResult *result,
                        CrapetteSeat               seat)
{
  const char *name = player_name (self, seat);
  g_autofree char *reserve_id = g_strconcat ("reserve:", seat_id (seat), NULL);
  g_autofree char *others_id = g_strconcat ("stock-and-waste:", seat_id (seat), NULL);
  g_autofree char *reserve_title = NULL;
  g_autofree char *reserve_sum =
    crapette_summary_format_cards_times (result->reserve_cards[seat], 2);
  g_autofree char *others_title = NULL;
  g_autofree char *others_sum =
    crapette_summary_format_cards_times (result->stock_and_waste_cards[seat], 1);

  if (is_you (self, seat))
    {
      reserve_title = g_strdup (C_("round summary", "Your reserve"));
      others_title = g_strdup (_("Your stock, waste and turned card"));
    }
  else if (is_computer (self, seat))
    {
      /* "Computer (Medium)’s reserve" reads badly: the computer's piles are the computer's. */
      reserve_title = g_strdup (C_("round summary", "The computer’s reserve"));
      others_title = g_strdup (_("The computer’s stock, waste and turned card"));
    }
  else
    {
      /* Translators: %s is a player's name or "South"/"North". */
      reserve_title = g_strdup_printf (_("%s’s reserve"), name);
      /* Translators: %s is a player's name or "South"/"North". The turned card is the one
       * turned from the stock and not yet played or discarded. */
      others_title = g_strdup_printf (_("%s’s stock, waste and turned card"), name);
    }

  crapette_summary_add_number_row (group, reserve_id, reserve_title, reserve_sum,
                                   2 * result->reserve_cards[seat], FALSE);
  crapette_summary_add_number_row (group, others_id, others_title, others_sum,
                                   result->stock_and_waste_cards[seat], FALSE);
}

static char *
format_total_title (CrapetteRoundSummary *self,
                    CrapetteSeat          seat)
{
  if (is_you (self, seat))
    return g_strdup (_("Total for you"));
  /* Translators: the points a player scores for the round; %s is their name. */
  return g_strdup_printf (_("Total for %s"), player_name (self, seat));
}

/* A won round: the bonus for going out and the loser's cards, as the rules count them. */
static void
show_russian_won (CrapetteRoundSummary      *self,
                  const CrapetteRoundResult *result)
{
  CrapetteSeat loser = crapette_seat_opponent (result->winner);
  g_autofree char *description = NULL;
  g_autofree char *total_title = format_total_title (self, result->winner);
  GtkWidget *group;

  if (is_you (self, loser))
    description = g_strdup (_("The winner scores 30, and the cards you have left: 2 for each "
                              "reserve card, 1 for each other card."));
  else
    /* Translators: %s is the loser's name or "South"/"North". */
    description = g_strdup_printf (_("The winner scores 30, and the cards %s has left: 2 for "
                                   "each reserve card, 1 for each other card."),
                                 player_name (self, loser));
  group =
    crapette_summary_add_group (self->groups_box, _("How the Points Were Counted"), description);
  crapette_summary_add_number_row (group, "bonus", _("Winner’s bonus"), NULL, WINNERS_BONUS,
                                   FALSE);
  add_russian_count_rows (self, group, result, loser);
  crapette_summary_add_number_row (group, "total", total_title, NULL, result->points, TRUE);
}

/* A blocked round: both players' counts, and the difference to the lower one. */
static void
show_russian_blocked (CrapetteRoundSummary      *self,
                      const CrapetteRoundResult *result)
{
  GtkWidget *group =
    crapette_summary_add_group (self->groups_box, _("How the Points Were Counted"),
                                _("Each player’s cards left count 2 for a reserve card and 1 "
                                   "for any other. The lower count scores the difference."));

  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      g_autofree char *title = NULL;
      g_autofree char *count_id = g_strconcat ("count:", seat_id (seat), NULL);

      /* Translators: the cards a player has left, as the rules weigh them; %s is their name. */
      if (is_you (self, seat))
        title = g_strdup (_("Your count"));
      else if (is_computer (self, seat))
        title = g_strdup (_("The computer’s count"));
      else
        title = g_strdup_printf (_("%s’s count"), player_name (self, seat));
      add_russian_count_rows (self, group, result, seat);
      crapette_summary_add_number_row (group, count_id, title, NULL, result->counts[seat], TRUE);
    }

  if (result->winner < CRAPETTE_N_SEATS)
    {
      CrapetteSeat loser = crapette_seat_opponent (result->winner);
      g_autofree char *higher = crapette_locale_format_number (result->counts[loser]);
      g_autofree char *lower = crapette_locale_format_number (result->counts[result->winner]);
      g_autofree char *sum = NULL;
      g_autofree char *total_title = format_total_title (self, result->winner);

      /* Translators: the higher count minus the lower one, as in "12 − 8". */
      sum = g_strdup_printf (_("%s − %s"), higher, lower);
      crapette_summary_add_number_row (group, "difference", _("Difference"), sum,
                                       result->counts[loser] - result->counts[result->winner],
                                       FALSE);
      crapette_summary_add_number_row (group, "total", total_title, NULL, result->points, TRUE);
    }
  else
    crapette_summary_add_number_row (group, "total", _("The counts are equal: nobody scores"),
                                     NULL, 0, TRUE);
}

/* American Bank: who won the round, and the cards each player still held. */
static void
show_american (CrapetteRoundSummary      *self,
               const CrapetteRoundResult *result)
{
  GtkWidget *group =
    crapette_summary_add_group (self->groups_box, _("Cards Held"),
                                _("The cards left in each player’s hand, card in hand and "
                                   "talon."));

  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      g_autofree char *id = g_strconcat ("cards:", seat_id (seat), NULL);
      g_autofree char *number = crapette_locale_format_number (result->counts[seat]);
      g_autofree char *cards = NULL;

      /* Translators: how many cards a player held at the end of the round. */
      cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s card", "%s cards",
                                            result->counts[seat]),
                               number);
      crapette_summary_add_row (group, id, player_name (self, seat), NULL, cards, FALSE);
    }

  group = crapette_summary_add_group (self->groups_box, _("Points"),
                                      _("The winner of a round scores 1 point."));
  if (result->winner < CRAPETTE_N_SEATS)
    {
      g_autofree char *total_title = format_total_title (self, result->winner);

      crapette_summary_add_number_row (group, "total", total_title, NULL, result->points, TRUE);
    }
  else
    crapette_summary_add_number_row (group, "total", _("The counts are equal: nobody scores"),
                                     NULL, 0, TRUE);
}

static void
show_round (CrapetteRoundSummary      *self,
            const CrapetteRoundResult *result)
{
  g_autofree char *heading = NULL;
  g_autofree char *ending =
    crapette_summary_describe_ending (self->match, self->round_index, result);
  g_autofree char *round_number = crapette_locale_format_number (self->round_index + 1);
  g_autofree char *title = NULL;
  CrapetteVariant variant = crapette_match_get_variant (self->match);

  /* Translators: the title of the round summary; %s is the round's number. */
  title = g_strdup_printf (_("Round %s"), round_number);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, crapette_variant_name (variant));

  if (result->outcome == CRAPETTE_OUTCOME_BLOCKED)
    heading = g_strdup (_("The round is blocked"));
  else if (result->winner < CRAPETTE_N_SEATS && is_you (self, result->winner))
    heading = g_strdup (_("You win the round"));
  else if (result->winner < CRAPETTE_N_SEATS)
    /* Translators: %s is the round's winner. */
    heading = g_strdup_printf (_("%s wins the round"), player_name (self, result->winner));
  else
    heading = g_strdup (_("The round is over"));
  gtk_label_set_text (self->heading_label, heading);
  gtk_label_set_text (self->reason_label, ending);

  if (variant == CRAPETTE_VARIANT_AMERICAN)
    show_american (self, result);
  else if (result->outcome == CRAPETTE_OUTCOME_BLOCKED)
    show_russian_blocked (self, result);
  else if (result->winner < CRAPETTE_N_SEATS)
    show_russian_won (self, result);
}

static char *
describe_match_length (CrapetteRoundSummary *self)
{
  guint length = crapette_match_get_length (self->match);
  g_autofree char *number = crapette_locale_format_number (length);

  if (crapette_match_get_variant (self->match) == CRAPETTE_VARIANT_AMERICAN)
    {
      g_autofree char *needed = crapette_locale_format_number (length / 2 + 1);

      /* Translators: an American Bank match; the first %s is its number of rounds, the
       * second how many of them a player must win. */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Best of %s round: the first to win %s wins the match",
                                           "Best of %s rounds: the first to win %s wins the match",
                                           length),
                              number, needed);
    }
  if (length == CRAPETTE_MATCH_SINGLE_ROUND)
    return g_strdup (_("A match of a single round"));
  /* Translators: a Russian Bank match; %s is the score that wins it. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The first to %s point wins the match",
                                       "The first to %s points wins the match", length),
                          number);
}

/* The running score, and at the end of the match its result. */
static void
show_match (CrapetteRoundSummary *self)
{
  g_autofree char *length = describe_match_length (self);
  gboolean last_round = self->round_index + 1 == crapette_match_get_n_finished_rounds (self->match);
  gboolean over = last_round && crapette_match_is_finished (self->match);

  GtkWidget *table = crapette_summary_add_group (
    self->match_box, over ? _("Final Score") : _("Match Score"), length);

  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      g_autofree char *id = g_strconcat ("score:", seat_id (seat), NULL);

      crapette_summary_add_number_row (table, id, player_name (self, seat), NULL,
                                       crapette_match_get_score (self->match, seat), FALSE);
    }

  if (over)
    {
      g_autofree char *result = crapette_round_summary_describe_match_result (self->match);

      gtk_label_set_text (self->match_result_label, result);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->match_result_label), over);
  gtk_widget_set_visible (self->next_round_button, !over);
  gtk_widget_set_visible (self->new_match_button, over);
  gtk_window_set_default_widget (GTK_WINDOW (self),
                                 over ? self->new_match_button : self->next_round_button);
  gtk_widget_grab_focus (over ? self->new_match_button : self->next_round_button);
}

static void
action_next_round (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  CrapetteRoundSummary *self = CRAPETTE_ROUND_SUMMARY (widget);

  g_signal_emit (self, signals[NEXT_ROUND], 0);
  gtk_window_close (GTK_WINDOW (self));
}

static void
action_new_match (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  CrapetteRoundSummary *self = CRAPETTE_ROUND_SUMMARY (widget);

  g_signal_emit (self, signals[NEW_MATCH], 0);
  gtk_window_close (GTK_WINDOW (self));
}

static void
crapette_round_summary_constructed (GObject *object)
{
  CrapetteRoundSummary *self = (CrapetteRoundSummary *) object;
  CrapetteRoundResult result;

  G_OBJECT_CLASS (crapette_round_summary_parent_class)->constructed (object);

  if (self->match == NULL ||
      !crapette_match_get_round_result (self->match, self->round_index, &result))
    {
      g_warning ("A round summary needs a match and one of its finished rounds");
      return;
    }
  show_round (self, &result);
  show_match (self);
}

static void
crapette_round_summary_dispose (GObject *object)
{
  CrapetteRoundSummary *self = (CrapetteRoundSummary *) object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_ROUND_SUMMARY);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (crapette_round_summary_parent_class)->dispose (object);
}

static void
crapette_round_summary_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  CrapetteRoundSummary *self = CRAPETTE_ROUND_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_set_object (&self->match, g_value_get_object (value));
      break;
    case PROP_ROUND_INDEX:
      self->round_index = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_round_summary_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CrapetteRoundSummary *self = CRAPETTE_ROUND_SUMMARY (object);

  switch (prop_id)
    {
    case PROP_MATCH:
      g_value_set_object (value, self->match);
      break;
    case PROP_ROUND_INDEX:
      g_value_set_uint (value, self->round_index);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_round_summary_class_init (CrapetteRoundSummaryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_round_summary_constructed;
  object_class->dispose = crapette_round_summary_dispose;
  object_class->get_property = crapette_round_summary_get_property;
  object_class->set_property = crapette_round_summary_set_property;

  properties[PROP_MATCH] =
    g_param_spec_object ("match", NULL, NULL, CRAPETTE_TYPE_MATCH,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROUND_INDEX] =
    g_param_spec_uint ("round-index", NULL, NULL, 0, CRAPETTE_MATCH_MAX_ROUNDS - 1, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteRoundSummary::next-round:
   *
   * The player asked for the next round of the match; the summary closes itself.
   */
  signals[NEXT_ROUND] =
    g_signal_new ("next-round", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * CrapetteRoundSummary::new-match:
   *
   * The match is over and the player asked for a new one; the summary closes itself.
   */
  signals[NEW_MATCH] =
    g_signal_new ("new-match", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "summary.next-round", NULL, action_next_round);
  gtk_widget_class_install_action (widget_class, "summary.new-match", NULL, action_new_match);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/"
                                               "crapette-round-summary.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, window_title);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, heading_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, reason_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, groups_box);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, match_result_label);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, match_box);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, next_round_button);
  gtk_widget_class_bind_template_child (widget_class, CrapetteRoundSummary, new_match_button);
}

static void
crapette_round_summary_init (CrapetteRoundSummary *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The summary of the finished round @round_index of @match, over @parent. */
CrapetteRoundSummary *
crapette_round_summary_new (GtkWindow     *parent,
                            CrapetteMatch *match,
                            guint          round_index)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (CRAPETTE_IS_MATCH (match), NULL);
  g_return_val_if_fail (round_index < crapette_match_get_n_finished_rounds (match), NULL);

  return g_object_new (CRAPETTE_TYPE_ROUND_SUMMARY,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       "match", match,
                       "round-index", round_index,
                       NULL);
}
