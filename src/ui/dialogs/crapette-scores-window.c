/* crapette-scores-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window reads the scores through a #CrapetteScoreboard of its own over
 * the same settings the game writes to, and listens to the settings keys, so
 * a round that ends while the window is open shows at once. The tables are
 * built once; a refresh only rewrites their numbers.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-scores-window.h"

#include <string.h>

#include <glib/gi18n.h>

#include "crapette-locale.h"
#include "crapette-names.h"
#include "crapette-scoreboard.h"

/* A column per opponent, in the order of #CrapetteOpponent: column N is opponent N. */
#define N_COLUMNS CRAPETTE_N_OPPONENTS

/* A line whose number the scoreboard does not store but computes. */
#define AVERAGE_WINNING_SCORE G_MAXSIZE
/* A line that opens a section and holds no numbers. */
#define SECTION_HEADING (G_MAXSIZE - 1)

typedef struct
{
  const char *name;       /* the cells' widget names start with it */
  const char *title;
  const char *note;       /* a second, smaller line under the title, or %NULL */
  gsize field;            /* offset in #CrapetteScoreStats, or one of the two markers above */
  gboolean scored_rounds; /* only for a game whose rounds score different points */
} TableLine;

static const TableLine table_lines[] = {
  { "matches", N_("Matches"), NULL, SECTION_HEADING, FALSE },
  { "matches-played", N_("Played"), NULL,
    G_STRUCT_OFFSET (CrapetteScoreStats, matches_played), FALSE },
  { "matches-won", N_("Won"), NULL, G_STRUCT_OFFSET (CrapetteScoreStats, matches_won), FALSE },
  { "matches-lost", N_("Lost"), NULL, G_STRUCT_OFFSET (CrapetteScoreStats, matches_lost), FALSE },
  { "matches-drawn", N_("Drawn"), NULL,
    G_STRUCT_OFFSET (CrapetteScoreStats, matches_drawn), FALSE },
  { "longest-streak", N_("Longest winning streak"), N_("Matches won in a row"),
    G_STRUCT_OFFSET (CrapetteScoreStats, longest_streak), FALSE },
  { "rounds", N_("Rounds"), NULL, SECTION_HEADING, FALSE },
  { "rounds-played", N_("Played"), NULL,
    G_STRUCT_OFFSET (CrapetteScoreStats, rounds_played), FALSE },
  { "rounds-won", N_("Won"), NULL, G_STRUCT_OFFSET (CrapetteScoreStats, rounds_won), FALSE },
  { "rounds-lost", N_("Lost"), NULL, G_STRUCT_OFFSET (CrapetteScoreStats, rounds_lost), FALSE },
  { "rounds-drawn", N_("Drawn"), N_("Nobody scored"),
    G_STRUCT_OFFSET (CrapetteScoreStats, rounds_drawn), FALSE },
  { "rounds-blocked", N_("Blocked"), N_("Also counted as won, lost or drawn"),
    G_STRUCT_OFFSET (CrapetteScoreStats, rounds_blocked), FALSE },
  { "winning-scores", N_("Points in a Round Won"), NULL, SECTION_HEADING, TRUE },
  { "best-winning-score", N_("Best"), NULL,
    G_STRUCT_OFFSET (CrapetteScoreStats, best_winning_score), TRUE },
  { "average-winning-score", N_("Average"), NULL, AVERAGE_WINNING_SCORE, TRUE },
};

#define N_LINES G_N_ELEMENTS (table_lines)

struct _CrapetteScoresWindow
{
  AdwWindow parent_instance;

  GSettings *settings;
  CrapetteScoreboard *scoreboard;

  AdwViewSwitcherTitle *switcher_title;
  GtkStack *russian_stack;
  GtkStack *american_stack;
  GtkStack *head_to_head_stack;
  GtkGrid *russian_grid;
  GtkGrid *american_grid;
  AdwPreferencesGroup *head_to_head_group;

  /* The number labels, by game, line and column; %NULL where a game has no such line. */
  GtkLabel *cells[2][N_LINES][N_COLUMNS];
  GPtrArray *head_to_head_rows;
};

G_DEFINE_FINAL_TYPE (CrapetteScoresWindow, crapette_scores_window, ADW_TYPE_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A count with the digits and the thousands separator of the player's language. */
static char *
format_count (guint value)
{
  g_autofree char *grouped = g_strdup_printf ("%'u", value);

  return crapette_locale_localize_digits (grouped);
}

static GtkWidget *
new_label (const char *text,
           float       xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  return label;
}

static GtkWidget *
new_line_title (const TableLine *line)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *title = new_label (_(line->title), 0);

  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_box_append (GTK_BOX (box), title);
  if (line->note != NULL)
    {
      GtkWidget *note = new_label (_(line->note), 0);

      gtk_label_set_wrap (GTK_LABEL (note), TRUE);
      gtk_widget_add_css_class (note, "caption");
      gtk_widget_add_css_class (note, "dim-label");
      gtk_box_append (GTK_BOX (box), note);
    }
  gtk_widget_set_hexpand (box, TRUE);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  return box;
}

/* The header row: each opponent's name in a word or two, explained in its tooltip. */
static void
attach_column_headings (GtkGrid *grid,
                        int      row)
{
  static const char * const column_tooltips[N_COLUMNS] = {
    N_("Against the computer, easy level"),
    N_("Against the computer, medium level"),
    N_("Against the computer, hard level"),
    N_("Two people at one screen, counted for the player at South"),
  };

  for (CrapetteOpponent column = 0; column < N_COLUMNS; column++)
    {
      GtkWidget *heading = new_label (crapette_opponent_short_name (column), 1);

      /* "Two People" may go on two lines so that the table fits a phone. */
      gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
      gtk_label_set_justify (GTK_LABEL (heading), GTK_JUSTIFY_RIGHT);
      gtk_widget_set_valign (heading, GTK_ALIGN_END);
      gtk_widget_add_css_class (heading, "heading");
      gtk_widget_set_tooltip_text (heading, _(column_tooltips[column]));
      gtk_widget_set_margin_top (heading, 12);
      if (column == N_COLUMNS - 1)
        gtk_widget_set_margin_end (heading, 12);
      gtk_grid_attach (grid, heading, column + 1, row, 1, 1);
    }
}

/* Lays out one game's table: a header row naming the opponents, then a
 * section heading and a line of numbers per count. The padding sits on the
 * outer cells because a grid has no padding of its own inside its card. */
static void
build_table (CrapetteScoresWindow *self,
             CrapetteVariant       variant,
             GtkGrid              *grid)
{
  int row = 0;
  GtkWidget *footnote;

  gtk_grid_set_column_spacing (grid, 8);
  gtk_grid_set_row_spacing (grid, 6);
  attach_column_headings (grid, row++);

  for (guint i = 0; i < N_LINES; i++)
    {
      const TableLine *line = &table_lines[i];
      GtkWidget *title;

      /* Every American Bank round won scores one point, so best and average say nothing. */
      if (line->scored_rounds && variant == CRAPETTE_VARIANT_AMERICAN)
        continue;

      if (line->field == SECTION_HEADING)
        {
          GtkWidget *separator = gtk_separator_new (GTK_ORIENTATION_HORIZONTAL);

          gtk_widget_set_margin_top (separator, 6);
          gtk_grid_attach (grid, separator, 0, row++, N_COLUMNS + 1, 1);
          title = new_label (_(line->title), 0);
          gtk_label_set_wrap (GTK_LABEL (title), TRUE);
          gtk_widget_add_css_class (title, "heading");
          gtk_widget_set_margin_start (title, 12);
          gtk_grid_attach (grid, title, 0, row++, 1, 1);
          continue;
        }

      title = new_line_title (line);
      gtk_widget_set_margin_start (title, 18);
      gtk_grid_attach (grid, title, 0, row, 1, 1);
      for (guint column = 0; column < N_COLUMNS; column++)
        {
          g_autofree char *name = g_strdup_printf ("%s:%s", line->name,
                                                   crapette_enum_to_nick (CRAPETTE_TYPE_OPPONENT,
                                                                          column));
          GtkWidget *cell = new_label (NULL, 1);

          gtk_widget_set_name (cell, name);
          gtk_widget_add_css_class (cell, "numeric");
          gtk_widget_set_valign (cell, GTK_ALIGN_CENTER);
          if (column == N_COLUMNS - 1)
            gtk_widget_set_margin_end (cell, 12);
          gtk_grid_attach (grid, cell, column + 1, row, 1, 1);
          self->cells[variant][i][column] = GTK_LABEL (cell);
        }
      row++;
    }

  /* The person is "you" against the computer, as everywhere else; South is a seat's name,
   * needed only for two people. */
  footnote = new_label (_("Won and lost count for you against the computer, and for the "
                          "player at the bottom (South) when two people play."), 0);
  gtk_label_set_wrap (GTK_LABEL (footnote), TRUE);
  gtk_widget_add_css_class (footnote, "caption");
  gtk_widget_add_css_class (footnote, "dim-label");
  gtk_widget_set_margin_start (footnote, 12);
  gtk_widget_set_margin_end (footnote, 12);
  gtk_widget_set_margin_top (footnote, 12);
  gtk_widget_set_margin_bottom (footnote, 12);
  gtk_grid_attach (grid, footnote, 0, row, N_COLUMNS + 1, 1);
}

static char *
format_line (const TableLine          *line,
             const CrapetteScoreStats *stats)
{
  guint value;

  /* With no round won there is no winning score to speak of, not a score of 0. */
  if ((line->field == AVERAGE_WINNING_SCORE ||
       line->field == G_STRUCT_OFFSET (CrapetteScoreStats, best_winning_score)) &&
      stats->rounds_won == 0)
    return g_strdup ("—");

  if (line->field == AVERAGE_WINNING_SCORE)
    value = crapette_scoreboard_get_average_winning_score (stats);
  else
    value = G_STRUCT_MEMBER (guint, stats, line->field);
  return format_count (value);
}

/* Rewrites one game's numbers; returns whether anything was played in it. */
static gboolean
refresh_table (CrapetteScoresWindow *self,
               CrapetteVariant       variant,
               GtkStack             *stack)
{
  gboolean played = FALSE;

  for (guint column = 0; column < N_COLUMNS; column++)
    {
      CrapetteScoreStats stats;

      crapette_scoreboard_get_stats (self->scoreboard, variant, column, &stats);
      played = played || stats.rounds_played > 0 || stats.matches_played > 0;
      for (guint i = 0; i < N_LINES; i++)
        {
          g_autofree char *text = NULL;

          if (self->cells[variant][i][column] == NULL)
            continue;
          text = format_line (&table_lines[i], &stats);
          gtk_label_set_text (self->cells[variant][i][column], text);
        }
    }

  gtk_stack_set_visible_child_name (stack, played ? "table" : "empty");
  return played;
}

static char *
format_head_to_head (const CrapetteHeadToHead *pair)
{
  g_autofree char *first = format_count (pair->wins[0]);
  g_autofree char *second = format_count (pair->wins[1]);
  g_autofree char *draws = format_count (pair->draws);

  if (pair->draws == 0)
    /* Translators: matches won by each of two named players, as in "3 – 2". */
    return g_strdup_printf (_("%s – %s"), first, second);
  /* Translators: matches won by each of two named players, and the matches drawn. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s – %s, %s drawn", "%s – %s, %s drawn",
                                       pair->draws),
                          first, second, draws);
}

/* Rewrites the list of named pairs; returns whether there is one. */
static gboolean
refresh_head_to_head (CrapetteScoresWindow *self)
{
  g_autoptr(GArray) pairs = crapette_scoreboard_list_head_to_head (self->scoreboard);

  for (guint i = 0; i < self->head_to_head_rows->len; i++)
    adw_preferences_group_remove (self->head_to_head_group,
                                  g_ptr_array_index (self->head_to_head_rows, i));
  g_ptr_array_set_size (self->head_to_head_rows, 0);

  for (guint i = 0; i < pairs->len; i++)
    {
      const CrapetteHeadToHead *pair = &g_array_index (pairs, CrapetteHeadToHead, i);
      g_autofree char *title = NULL;
      g_autofree char *record = format_head_to_head (pair);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *record_label = gtk_label_new (record);

      /* Translators: two players' names, as in "Anna and Boris". */
      title = g_strdup_printf (_("%s and %s"), pair->names[0], pair->names[1]);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      gtk_widget_add_css_class (record_label, "numeric");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), record_label);
      adw_preferences_group_add (self->head_to_head_group, row);
      g_ptr_array_add (self->head_to_head_rows, row);
    }

  gtk_stack_set_visible_child_name (self->head_to_head_stack, pairs->len > 0 ? "table" : "empty");
  return pairs->len > 0;
}

static void
refresh (CrapetteScoresWindow *self)
{
  gboolean any = FALSE;

  any |= refresh_table (self, CRAPETTE_VARIANT_RUSSIAN, self->russian_stack);
  any |= refresh_table (self, CRAPETTE_VARIANT_AMERICAN, self->american_stack);
  any |= refresh_head_to_head (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "scores.reset", any);
}

static void
on_scores_changed_cb (GSettings            *settings,
                      const char           *key,
                      CrapetteScoresWindow *self)
{
  refresh (self);
}

static void
on_reset_response_cb (AdwMessageDialog     *dialog,
                      const char           *response,
                      CrapetteScoresWindow *self)
{
  if (g_strcmp0 (response, "reset") != 0)
    return;
  crapette_scoreboard_reset (self->scoreboard);
  /* The settings announce the change too, but a backend may do so later. */
  refresh (self);
}

static void
action_reset (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  CrapetteScoresWindow *self = CRAPETTE_SCORES_WINDOW (widget);
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Reset All Scores?"),
                                   _("The record of every match and round of both games, "
                                     "and of named players against each other, will be "
                                     "forgotten. This cannot be undone."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reset", _("_Reset"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "reset",
                                              ADW_RESPONSE_DESTRUCTIVE);
  /* Enter must not wipe the scores by accident. */
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reset_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
crapette_scores_window_constructed (GObject *object)
{
  CrapetteScoresWindow *self = (CrapetteScoresWindow *) object;

  G_OBJECT_CLASS (crapette_scores_window_parent_class)->constructed (object);

  if (self->settings == NULL)
    self->settings = g_settings_new (SETTINGS_SCHEMA_ID);
  self->scoreboard = crapette_scoreboard_new (self->settings);

  build_table (self, CRAPETTE_VARIANT_RUSSIAN, self->russian_grid);
  build_table (self, CRAPETTE_VARIANT_AMERICAN, self->american_grid);

  g_signal_connect_object (self->settings, "changed::russian-scores",
                           G_CALLBACK (on_scores_changed_cb), self, 0);
  g_signal_connect_object (self->settings, "changed::american-scores",
                           G_CALLBACK (on_scores_changed_cb), self, 0);
  g_signal_connect_object (self->settings, "changed::head-to-head",
                           G_CALLBACK (on_scores_changed_cb), self, 0);
  refresh (self);
}

static void
crapette_scores_window_dispose (GObject *object)
{
  CrapetteScoresWindow *self = (CrapetteScoresWindow *) object;

  gtk_widget_dispose_template (GTK_WIDGET (self), CRAPETTE_TYPE_SCORES_WINDOW);
  memset (self->cells, 0, sizeof self->cells);
  g_clear_pointer (&self->head_to_head_rows, g_ptr_array_unref);
  /* The settings may outlive the window: stop listening before the scoreboard goes. */
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->scoreboard);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (crapette_scores_window_parent_class)->dispose (object);
}

static void
crapette_scores_window_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  CrapetteScoresWindow *self = CRAPETTE_SCORES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_set_object (&self->settings, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_scores_window_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  CrapetteScoresWindow *self = CRAPETTE_SCORES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* The window opens with the focus on the game tabs, which only look: Enter or Space on Reset,
 * the first button otherwise, would not do what a person opening Scores came for. */
static void
crapette_scores_window_map (GtkWidget *widget)
{
  CrapetteScoresWindow *self = CRAPETTE_SCORES_WINDOW (widget);

  GTK_WIDGET_CLASS (crapette_scores_window_parent_class)->map (widget);
  if (gtk_root_get_focus (GTK_ROOT (self)) == NULL)
    gtk_widget_child_focus (GTK_WIDGET (self->switcher_title), GTK_DIR_TAB_FORWARD);
}

static void
crapette_scores_window_class_init (CrapetteScoresWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = crapette_scores_window_constructed;
  object_class->dispose = crapette_scores_window_dispose;
  object_class->get_property = crapette_scores_window_get_property;
  object_class->set_property = crapette_scores_window_set_property;
  widget_class->map = crapette_scores_window_map;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL, G_TYPE_SETTINGS,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "scores.reset", NULL, action_reset);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/crapette/Crapette/"
                                               "crapette-scores-window.ui");
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, russian_stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, american_stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, head_to_head_stack);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, russian_grid);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow, american_grid);
  gtk_widget_class_bind_template_child (widget_class, CrapetteScoresWindow,
                                        head_to_head_group);
}

static void
crapette_scores_window_init (CrapetteScoresWindow *self)
{
  self->head_to_head_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* A Scores window over @parent showing the scores kept in @settings (the
 * application's own settings when %NULL). */
CrapetteScoresWindow *
crapette_scores_window_new (GtkWindow *parent,
                            GSettings *settings)
{
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (CRAPETTE_TYPE_SCORES_WINDOW,
                       "transient-for", parent,
                       "modal", parent != NULL,
                       "settings", settings,
                       NULL);
}
