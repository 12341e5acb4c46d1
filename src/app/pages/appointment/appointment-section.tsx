// An appointment order's booking on its order's page: when, what, with whom, its status and its actions.
import type { AppointmentInfo } from '../../../domain/api/beauty';
import { useAppointmentTexts } from '../../../views/appointment/appointment-text';
import { ManagedAppointment } from './managed-appointment';

export default function AppointmentSection({
  appointment,
  onChanged,
}: {
  appointment: AppointmentInfo;
  onChanged: () => void;
}) {
  const T = useAppointmentTexts();
  if (!T || T === 'failed') return null;
  return (
    <div style={{ margin: '0.75rem' }} data-testid="appointment-section">
      <ManagedAppointment
        T={T}
        appointment={appointment}
        linkToOrder={false}
        level={2}
        onChanged={onChanged}
      />
    </div>
  );
}
