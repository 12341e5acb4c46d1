// Texts of the appointment calls in every runtime language, as LocalizedText for BusinessError; the keys
// are the refusal reasons of src/domain/api/beauty-rules.ts (APPOINTMENT_REJECTIONS) and the merchant's.
import type { AppointmentRejection } from '../../../src/domain/api/beauty-rules';
import type { LocalizedText } from '../../i18n';

type AllLocales = LocalizedText & { 'zh-CN': string; 'zh-TW': string; fr: string; es: string };

const t = (en: string, zhCN: string, zhTW: string, fr: string, es: string): AllLocales => ({
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  fr,
  es,
});

export const appointmentMessages: Record<AppointmentRejection, AllLocales> = {
  appointmentsUnavailable: t(
    'This shop does not take appointments.',
    '本店不支持预约。',
    '本店不支援預約。',
    'Cette boutique ne prend pas de rendez-vous.',
    'Esta tienda no acepta citas.',
  ),
  serviceNotFound: t(
    'This service cannot be booked here.',
    '该服务不可预约。',
    '該服務不可預約。',
    'Ce service ne peut pas être réservé ici.',
    'Este servicio no se puede reservar aquí.',
  ),
  serviceUnavailable: t(
    '{name} cannot be booked at the moment.',
    '{name}暂时无法预约。',
    '{name}暫時無法預約。',
    '{name} ne peut pas être réservé pour le moment.',
    '{name} no se puede reservar por el momento.',
  ),
  serviceUserNotFound: t(
    'This stylist or therapist was not found.',
    '没有找到该技师。',
    '沒有找到該技師。',
    'Ce coiffeur ou praticien est introuvable.',
    'No se encontró a este estilista o terapeuta.',
  ),
  serviceUserNotBookable: t(
    '{name} cannot be chosen by name: choose “Anyone available”.',
    '{name}不接受指定预约，请选择“任意技师”。',
    '{name}不接受指定預約，請選擇「任意技師」。',
    '{name} ne peut pas être choisi(e) par son nom : choisissez « Peu importe ».',
    'No se puede elegir a {name} por su nombre: elige «Cualquiera disponible».',
  ),
  serviceUserCannotPerform: t(
    '{name} does not do this service. Choose someone else or “Anyone available”.',
    '{name}不提供该服务，请选择其他技师或“任意技师”。',
    '{name}不提供該服務，請選擇其他技師或「任意技師」。',
    '{name} ne propose pas ce service. Choisissez quelqu’un d’autre ou « Peu importe ».',
    '{name} no ofrece este servicio. Elige a otra persona o «Cualquiera disponible».',
  ),
  appointmentTimeRequired: t(
    'Please choose an appointment time.',
    '请选择预约时间。',
    '請選擇預約時間。',
    'Veuillez choisir un horaire de rendez-vous.',
    'Elige una hora para la cita.',
  ),
  appointmentTimeInvalid: t(
    'This time cannot be booked. Please choose one of the times shown.',
    '该时间不可预约，请选择页面上显示的时间。',
    '該時間不可預約，請選擇頁面上顯示的時間。',
    'Cet horaire ne peut pas être réservé. Choisissez l’un des horaires proposés.',
    'Esta hora no se puede reservar. Elige una de las horas mostradas.',
  ),
  slotTaken: t(
    'This time was just taken. Please choose another time.',
    '该时间刚刚被预约，请选择其他时间。',
    '該時間剛剛被預約，請選擇其他時間。',
    'Cet horaire vient d’être pris. Veuillez en choisir un autre.',
    'Esta hora se acaba de reservar. Elige otra hora.',
  ),
  holdNotFound: t(
    'The time kept for you has run out. Please choose the time again.',
    '为您保留的时间已过期，请重新选择时间。',
    '為您保留的時間已過期，請重新選擇時間。',
    'L’horaire réservé pour vous a expiré. Choisissez à nouveau l’horaire.',
    'La hora reservada para ti ha caducado. Vuelve a elegir la hora.',
  ),
  holdMismatch: t(
    'The time kept for you is for another service, person or time. Please choose the time again.',
    '为您保留的时间与所选服务、技师或时间不一致，请重新选择。',
    '為您保留的時間與所選服務、技師或時間不一致，請重新選擇。',
    'L’horaire réservé pour vous concerne un autre service, une autre personne ou un autre horaire. Choisissez à nouveau.',
    'La hora reservada para ti es de otro servicio, persona u hora. Vuelve a elegir.',
  ),
  holdExtendLimit: t(
    'This time cannot be kept any longer. Please choose it again.',
    '该时间无法继续保留，请重新选择。',
    '該時間無法繼續保留，請重新選擇。',
    'Cet horaire ne peut plus être gardé. Choisissez-le à nouveau.',
    'Esta hora ya no se puede guardar más. Vuelve a elegirla.',
  ),
  serviceDurationChanged: t(
    'At this time the service takes {minutes} minutes. Please check the time again.',
    '该时间的服务需 {minutes} 分钟，请重新确认时间。',
    '該時間的服務需 {minutes} 分鐘，請重新確認時間。',
    'À cet horaire, le service dure {minutes} minutes. Vérifiez à nouveau l’horaire.',
    'A esta hora el servicio dura {minutes} minutos. Vuelve a comprobar la hora.',
  ),
  oneServicePerAppointment: t(
    'An appointment is for one service. Book another service separately.',
    '每次预约只能选择一项服务，其他服务请另行预约。',
    '每次預約只能選擇一項服務，其他服務請另行預約。',
    'Un rendez-vous concerne un seul service. Réservez les autres séparément.',
    'Una cita es para un solo servicio. Reserva los demás por separado.',
  ),
  beautyUserIncomplete: t(
    'Booking for someone else needs their name and phone.',
    '为他人预约需填写其姓名和电话。',
    '為他人預約需填寫其姓名和電話。',
    'Pour réserver pour quelqu’un d’autre, indiquez son nom et son téléphone.',
    'Para reservar para otra persona, indica su nombre y su teléfono.',
  ),
  beautyUserPhoneInvalid: t(
    'Please enter a correct phone number for the person coming.',
    '请填写正确的到店人手机号。',
    '請填寫正確的到店人手機號碼。',
    'Veuillez saisir un numéro de téléphone correct pour la personne qui vient.',
    'Introduce un número de teléfono correcto para la persona que viene.',
  ),
  appointmentNotFound: t(
    'Appointment not found.',
    '没有找到该预约。',
    '沒有找到該預約。',
    'Rendez-vous introuvable.',
    'No se encontró la cita.',
  ),
  changeWindowClosed: t(
    'Appointments can be changed or cancelled up to {hours} hours before they start. Please call the shop.',
    '预约开始前 {hours} 小时内不能在线改期或取消，请致电门店。',
    '預約開始前 {hours} 小時內不能線上改期或取消，請致電門市。',
    'Un rendez-vous peut être modifié ou annulé jusqu’à {hours} heures avant. Appelez la boutique.',
    'Las citas se pueden cambiar o cancelar hasta {hours} horas antes. Llama a la tienda.',
  ),
  notChangeable: t(
    'This appointment can no longer be changed.',
    '该预约已不能更改。',
    '該預約已不能更改。',
    'Ce rendez-vous ne peut plus être modifié.',
    'Esta cita ya no se puede cambiar.',
  ),
  paymentInProgress: t(
    'A payment of this appointment is still being processed. Please try again in a moment.',
    '该预约的支付仍在处理中，请稍后再试。',
    '該預約的支付仍在處理中，請稍後再試。',
    'Un paiement de ce rendez-vous est en cours. Réessayez dans un instant.',
    'Un pago de esta cita aún se está procesando. Inténtalo de nuevo en un momento.',
  ),
  sameTime: t(
    'The appointment is already at this time.',
    '预约已是该时间。',
    '預約已是該時間。',
    'Le rendez-vous est déjà à cet horaire.',
    'La cita ya es a esta hora.',
  ),
  counterAppointmentsLimit: t(
    'You already have {limit} appointments to pay at the shop. Please pay for this one now, or cancel one of them.',
    '您已有 {limit} 个到店支付的预约，请现在支付本次预约，或取消其中一个。',
    '您已有 {limit} 個到店支付的預約，請現在支付本次預約，或取消其中一個。',
    'Vous avez déjà {limit} rendez-vous à régler sur place. Payez celui-ci dès maintenant, ou annulez-en un.',
    'Ya tienes {limit} citas para pagar en la tienda. Paga esta ahora o cancela una de ellas.',
  ),
};

export const appointmentDoneMessages = {
  cancelled: t(
    'Appointment cancelled.',
    '预约已取消。',
    '預約已取消。',
    'Rendez-vous annulé.',
    'Cita cancelada.',
  ),
  rescheduled: t(
    'Appointment moved to {date} {time}.',
    '预约已改到 {date} {time}。',
    '預約已改到 {date} {time}。',
    'Rendez-vous déplacé au {date} à {time}.',
    'Cita cambiada al {date} a las {time}.',
  ),
  merchantDone: t('Done.', '已完成。', '已完成。', 'C’est fait.', 'Hecho.'),
};

export const appointmentMerchantMessages = {
  notFound: t(
    'Appointment {id} is not one of this shop’s.',
    '预约 {id} 不属于本店。',
    '預約 {id} 不屬於本店。',
    'Le rendez-vous {id} n’est pas de cette boutique.',
    'La cita {id} no es de esta tienda.',
  ),
  wrongState: t(
    'Appointment {id} is {status}: {action} is allowed only from {allowed}. Nothing changed.',
    '预约 {id} 当前为{status}，只有{allowed}时才能{action}，未做任何更改。',
    '預約 {id} 目前為{status}，只有{allowed}時才能{action}，未做任何更改。',
    'Le rendez-vous {id} est {status} : {action} n’est possible que depuis {allowed}. Rien n’a changé.',
    'La cita {id} está {status}: {action} solo se permite desde {allowed}. No se cambió nada.',
  ),
  notStarted: t(
    'Appointment {id} has not started yet: it can be marked a no-show from {time}.',
    '预约 {id} 尚未开始，{time} 后才能标记为未到店。',
    '預約 {id} 尚未開始，{time} 後才能標記為未到店。',
    'Le rendez-vous {id} n’a pas commencé : il pourra être noté absent à partir de {time}.',
    'La cita {id} aún no ha empezado: se podrá marcar como no presentada desde las {time}.',
  ),
  awaitingPayment: t(
    'Appointment {id} is not paid yet: confirm it once it is paid or to be paid at the counter.',
    '预约 {id} 尚未支付，支付或选择到店支付后才能确认。',
    '預約 {id} 尚未支付，支付或選擇到店支付後才能確認。',
    'Le rendez-vous {id} n’est pas encore payé : confirmez-le une fois payé ou à payer sur place.',
    'La cita {id} aún no está pagada: confírmala cuando esté pagada o por pagar en la tienda.',
  ),
  serviceUserNotFound: t(
    'Technician {id} is not one of this shop’s.',
    '技师 {id} 不属于本店。',
    '技師 {id} 不屬於本店。',
    'Le praticien {id} n’est pas de cette boutique.',
    'El técnico {id} no es de esta tienda.',
  ),
};
