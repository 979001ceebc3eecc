import { type OutboxMessage, renderMail, type StaffMember, staffSetupUrl } from "@vitrine/commerce";
import { type AdminLanguage, createAdminTranslator } from "./i18n.tsx";
import { adminMessages } from "./messages.server.ts";

/** The invitation mail to a new staff member, in the inviting owner's back-office language. */
export function staffInvitationMail(
  language: AdminLanguage,
  publicUrl: string,
  invite: { staff: StaffMember; token: string; invitedBy: string },
): OutboxMessage {
  const t = createAdminTranslator(adminMessages(language), language);
  const rendered = renderMail({
    subject: t("admin.mail.invite.subject"),
    preheader: t("admin.mail.invite.preheader", { inviter: invite.invitedBy }),
    heading: t("admin.mail.invite.heading", { name: invite.staff.name || invite.staff.email }),
    paragraphs: [
      t("admin.mail.invite.body", { inviter: invite.invitedBy, role: t(`admin.role.${invite.staff.role}`) }),
    ],
    action: { label: t("admin.mail.invite.action"), url: staffSetupUrl(publicUrl, invite.token) },
    notes: [t("admin.mail.invite.expiry"), t("admin.mail.invite.ignore")],
    language,
  });
  return { kind: "staff-invitation", to: invite.staff.email, ...rendered };
}
