import { useEffect, type FormEvent } from "react";
import { FormField } from "../../components/console/FormField";
import { FormFrame, useFormRefusal } from "../../components/console/FormFrame";
import { consoleField as field } from "../../domain/content-form";
import { consoleWrite } from "../../components/console/console-write";
import type { ContentField } from "../../schemas/console-content";
import type { ConsolePlayer } from "../../schemas/console-players";
import { FIRST_TEAM, POSITIONS } from "../../domain/squad-rules";

export const teamValue = (slug: string) => (slug === "" ? FIRST_TEAM : slug);

const FORM_FIELDS = ["team", "firstName", "lastName", "position", "shirtNumber", "dateOfBirth", "nationality", "bio", "photo", "loanKind", "loanClub", "loanFrom", "loanUntil"] as const;

type Props = {
  teams: { slug: string; name: string }[];
  /** the team the screen shows: a new signing joins it unless another is chosen */
  team: string;
  player: ConsolePlayer | null;
  /** whether the viewer may open the media library (media.manage): the photo window needs it */
  canPickPhoto: boolean;
  onSaved: (text: string) => Promise<void>;
  onCancel: () => void;
};

/**
 * Add a signing, or Edit (a new team moves him; a loan's dates are changed here too, so a loan
 * cut short is an edit of its last day). Each refused field shows its problem beside it and keeps
 * what was typed; the first takes the focus.
 */
export function PlayerForm({ teams, team, player, canPickPhoto, onSaved, onCancel }: Props) {
  const formId = player ? `player-edit-${player.id}` : "player-new";
  const f = useFormRefusal(formId);
  useEffect(() => {
    f.ref.current?.querySelector<HTMLElement>("select, input")?.focus();
  }, [formId]);

  const loanKinds = [
    { value: "none", label: "No loan" },
    { value: "in", label: "On loan from another club" },
    ...(player ? [{ value: "out", label: "On loan at another club" }] : []),
  ];
  const fields: ContentField[] = [
    field("team", "Team", "select", teams.map((t) => ({ value: teamValue(t.slug), label: t.name }))),
    field("firstName", "First name", "text"),
    field("lastName", "Last name", "text"),
    field("position", "Position", "select", POSITIONS.map((p) => ({ value: p, label: p }))),
    field("shirtNumber", "Shirt number", "number", [], false),
    field("dateOfBirth", "Date of birth", "date"),
    field("nationality", "Nationality", "text"),
    field("bio", "Biography", "textarea", [], false),
    ...(canPickPhoto ? [field("photo", "Photo", "photo", [], false)] : []),
    field("loanKind", "Loan", "select", loanKinds),
    field("loanClub", "Loan club", "text", [], false),
    field("loanFrom", "Loan from", "date", [], false),
    field("loanUntil", "Loan until", "date", [], false),
  ];
  const values: Record<string, string> = player
    ? {
        team: teamValue(player.teamSlug),
        firstName: player.firstName,
        lastName: player.lastName,
        position: player.position,
        shirtNumber: player.squadNumber === null ? "" : String(player.squadNumber),
        dateOfBirth: player.dateOfBirth,
        nationality: player.nationality,
        bio: player.bio,
        photo: player.photo,
        loanKind: player.loanKind ?? "none",
        loanClub: player.loanClub ?? "",
        loanFrom: player.loanFrom ?? "",
        loanUntil: player.loanUntil ?? "",
      }
    : { team: teamValue(team), position: "Goalkeeper", loanKind: "none", photo: "" };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = Object.fromEntries(FORM_FIELDS.map((name) => [name, String(form.get(name) ?? values[name] ?? "")]));
    if (player) body.version = player.version;
    f.setBusy(true);
    const result = player ? await consoleWrite("PUT", `/players/${player.id}`, body) : await consoleWrite("POST", "/players", body);
    f.setBusy(false);
    const name = `${String(body.firstName).trim()} ${String(body.lastName).trim()}`;
    if (result.ok) return onSaved(player ? `Saved ${name}.` : `Signed ${name}.`);
    f.refused(result.fields, result.detail, FORM_FIELDS);
  }

  return (
    <FormFrame
      formRef={f.ref}
      dataForm={formId}
      titleId={`${formId}-title`}
      title={player ? `Edit ${player.firstName} ${player.lastName}` : "Add a signing"}
      problem={f.problem}
      busy={f.busy}
      submitLabel={player ? "Save player" : "Sign player"}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {fields.map((control) => (
        <FormField key={control.name} formId={formId} field={control} value={values[control.name] ?? ""} error={f.errors[control.name]} />
      ))}
      {canPickPhoto ? null : (
        <p className="console-players__note">
          The photo is chosen from the media library by staff who manage it (an editor or an administrator); without one the site draws his portrait.
          {f.errors.photo ? <span className="cfield__error"> {f.errors.photo}</span> : null}
        </p>
      )}
    </FormFrame>
  );
}
