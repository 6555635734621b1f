import { useParams } from 'react-router-dom';
import { DesignWorkspace } from './DesignWorkspace.tsx';
import { StyleScreen } from './StyleScreen.tsx';

/** The design-styles route of spec 001 §2 (param styleId). */
export default function SiteDesignStyles() {
  const { styleId = '' } = useParams();
  return (
    <DesignWorkspace label="Shared style">
      <StyleScreen key={styleId} styleId={styleId} />
    </DesignWorkspace>
  );
}
